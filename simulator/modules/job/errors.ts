/**
 * Error bodies of the job module: the Spring Boot error shape the platform's
 * services answer with (timestamp, status, error, message, path). The spec
 * shows no error body (spec §7); the participant endpoints answer with the
 * vendor's IndividualStatusesDto instead (participants.ts).
 */
import type { SimRequest, SimResponse } from '../../http/router.ts';
import { springError } from '../../http/spring-error.ts';

export function jobError(request: SimRequest, status: number, message: string): SimResponse {
  return springError(status, request.path, message);
}

export const badRequest = (request: SimRequest, message: string): SimResponse => jobError(request, 400, message);
export const notFound = (request: SimRequest, message: string): SimResponse => jobError(request, 404, message);
