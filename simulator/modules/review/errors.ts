/**
 * Error bodies of the review module: the vendor's ErrorMessageRestDto
 * `{message, uniqueErrorCode, errors: [{code}]}` (the spec shows none, §7).
 */
import { json, type SimResponse } from '../../http/router.ts';

export function reviewError(status: number, code: string, message: string): SimResponse {
  return json(status, { message, uniqueErrorCode: `RM-${status}-${code}`, errors: [{ code }] });
}
