import { json, type SimResponse } from '../http/router.ts';

/** Error codes of the token endpoint (RFC 6749 §5.2). */
export type TokenErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';

/** Token responses, good or bad, must not be cached (RFC 6749 §5.1, §5.2). */
export const noStoreHeaders: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  pragma: 'no-cache',
};

/**
 * An OAuth error response of the token endpoint (RFC 6749 §5.2): 400 with
 * `error` and `error_description`; 401 with WWW-Authenticate for a client
 * that failed to authenticate.
 */
export function tokenError(error: TokenErrorCode, description: string): SimResponse {
  const body = { error, error_description: description };
  if (error === 'invalid_client') {
    return json(401, body, { ...noStoreHeaders, 'www-authenticate': 'Basic realm="cas", charset="UTF-8"' });
  }
  return json(400, body, { ...noStoreHeaders });
}
