/**
 * Error bodies of the media module. The vendor's media pool answers errors
 * with its MessageRestDto (`code`, `message`, `messageCode`, `type`,
 * `params`); spec §7 leaves the shape open, so this is the plausible one.
 */
import { json, type SimResponse } from '../../http/router.ts';

const statusCodes: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  500: 'INTERNAL_SERVER_ERROR',
};

export function mediaError(status: number, message: string, messageCode = 'MP_E00000'): SimResponse {
  return json(status, { code: statusCodes[status] ?? 'INTERNAL_SERVER_ERROR', message, messageCode, type: 'E', params: [] });
}

export const badRequest = (message: string, messageCode?: string): SimResponse => mediaError(400, message, messageCode);
export const notFound = (message: string): SimResponse => mediaError(404, message, 'MP_E00404');
export const conflict = (message: string): SimResponse => mediaError(409, message, 'MP_E00409');
