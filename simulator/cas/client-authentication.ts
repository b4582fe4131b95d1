import type { IncomingHttpHeaders } from 'node:http';
import type { FaultSet } from '../faults/index.ts';
import { oauthParameter } from './parameters.ts';
import type { RegisteredClient } from './registered-client.ts';
import { safeEqual } from './safe-equal.ts';

export type PresentedClient =
  | { readonly kind: 'presented'; readonly clientId: string; readonly clientSecret: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'malformed'; readonly description: string };

/**
 * The client credentials of a token request: the `client_id` and
 * `client_secret` form fields the spec names (spec §4.1), or HTTP Basic,
 * which RFC 6749 §2.3.1 requires every server to support. Using both at once
 * is an error (RFC 6749 §2.3).
 */
export function presentedClientCredentials(headers: IncomingHttpHeaders, form: URLSearchParams): PresentedClient {
  const formId = oauthParameter(form, 'client_id');
  const formSecret = oauthParameter(form, 'client_secret');
  const basic = /^basic (.+)$/i.exec(headers.authorization ?? '');
  if (basic?.[1] !== undefined) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { kind: 'malformed', description: 'The Basic credentials are not client_id:client_secret' };
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (clientId === undefined || clientSecret === undefined) return { kind: 'malformed', description: 'The Basic credentials are not form-encoded' };
    if (formSecret !== undefined) return { kind: 'malformed', description: 'The client authenticated with more than one method' };
    if (formId !== undefined && formId !== clientId) return { kind: 'malformed', description: 'client_id differs from the authenticated client' };
    return { kind: 'presented', clientId, clientSecret };
  }
  if (formId === undefined || formSecret === undefined) return { kind: 'missing' };
  return { kind: 'presented', clientId: formId, clientSecret: formSecret };
}

/**
 * Client authentication at the token endpoint (spec §4.1, §7 "Invalid
 * client"). Returns the client, or undefined for an unknown id or a wrong secret.
 */
export function authenticateClient(
  client: RegisteredClient,
  presented: { readonly clientId: string; readonly clientSecret: string },
  faults: FaultSet,
): RegisteredClient | undefined {
  if (presented.clientId !== client.clientId) return undefined;
  if (faults.has('wrong-secret-accepted')) return client;
  return safeEqual(presented.clientSecret, client.clientSecret) ? client : undefined;
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before they go into the Basic header. */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
