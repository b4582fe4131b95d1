/**
 * Error bodies of the template builder. The spec does not show them (§7)
 * and the vendor's document types most of them as plain strings; the
 * platform's Spring default error object is what a real instance answers.
 */
import type { SimRequest, SimResponse } from '../../http/router.ts';
import { springError } from '../../http/spring-error.ts';

export const templateBuilderError = (request: SimRequest, status: number, message: string): SimResponse => springError(status, request.path, message);
