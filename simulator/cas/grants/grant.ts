import type { SimResponse } from '../../http/router.ts';
import type { CasContext } from '../cas-context.ts';
import { tokenError } from '../oauth-error.ts';
import { oauthParameter } from '../parameters.ts';
import type { RegisteredClient } from '../registered-client.ts';

/** A token request whose client has authenticated; the grant checks the rest. */
export interface TokenRequest {
  readonly form: URLSearchParams;
  readonly client: RegisteredClient;
}

/** One grant type of the token endpoint (RFC 6749 §4). */
export type Grant = (request: TokenRequest, cas: CasContext) => SimResponse;

export type RequiredFields<N extends string> =
  | { readonly ok: true; readonly values: Readonly<Record<N, string>> }
  | { readonly ok: false; readonly response: SimResponse };

/** The grant's required form fields (spec §4.1: "all required"), or `invalid_request` naming the missing ones. */
export function requireFields<const N extends string>(form: URLSearchParams, names: readonly N[]): RequiredFields<N> {
  const values: Partial<Record<N, string>> = {};
  const missing: N[] = [];
  for (const name of names) {
    const value = oauthParameter(form, name);
    if (value === undefined) missing.push(name);
    else values[name] = value;
  }
  if (missing.length > 0 || !isComplete(values, names)) {
    return { ok: false, response: tokenError('invalid_request', `Missing required field(s): ${missing.join(', ')}`) };
  }
  return { ok: true, values };
}

function isComplete<N extends string>(values: Partial<Record<N, string>>, names: readonly N[]): values is Record<N, string> {
  return names.every((name) => values[name] !== undefined);
}
