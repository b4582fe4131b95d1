/**
 * Error bodies of the planning module: the Spring Boot error shape the
 * platform's services answer with (timestamp, status, error, message, path).
 * The spec shows no error body (spec §7) and the vendor's MaPS documents
 * name none.
 */
import type { SimRequest, SimResponse } from '../../http/router.ts';
import { springError } from '../../http/spring-error.ts';

export function planningError(request: SimRequest, status: number, message: string): SimResponse {
  return springError(status, request.path, message);
}

export const badRequest = (request: SimRequest, message: string): SimResponse => planningError(request, 400, message);
export const notFound = (request: SimRequest, message: string): SimResponse => planningError(request, 404, message);
