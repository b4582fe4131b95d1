import { STATUS_CODES } from 'node:http';
import { json, type SimResponse } from './router.ts';

/**
 * The error body of the platform's Spring Boot services (their default
 * `/error` shape): timestamp, status, reason phrase, optional message, path.
 */
export function springError(
  status: number,
  path: string,
  message?: string,
  headers: Record<string, string> = {},
): SimResponse {
  const body = {
    timestamp: new Date().toISOString(),
    status,
    error: STATUS_CODES[status] ?? 'Error',
    ...(message === undefined ? {} : { message }),
    path,
  };
  return json(status, body, headers);
}
