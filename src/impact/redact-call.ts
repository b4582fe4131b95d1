/**
 * What a team's recording carries that must never reach a report: bearer
 * tokens, cookies, tokens in query strings and bodies. Their values are
 * registered with the command's SecretRegistry first (so they vanish
 * wherever else they appear), then redacted by name with src/http/redact.ts.
 */
import { REDACTED, isSecretFieldName, redactJson, type SecretRegistry } from '../http/redact.ts';

/** Secret values of a header: the credentials of `Authorization: Bearer …`, every cookie value. */
export function registerHeaderSecrets(name: string, value: string, secrets: SecretRegistry): void {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    secrets.add(value.split(' ').slice(1).join(' ') || value);
  } else if (lower === 'cookie' || lower === 'set-cookie') {
    // `Cookie: a=1; b=2` carries pairs; `Set-Cookie: a=1; Path=/; HttpOnly` one pair and then its attributes.
    const pairs = value.split(/;\s*/).filter((pair) => pair.includes('='));
    for (const pair of lower === 'cookie' ? pairs : pairs.slice(0, 1)) secrets.add(pair.slice(pair.indexOf('=') + 1));
  } else if (isSecretFieldName(lower) || lower === 'x-api-key') {
    secrets.add(value);
  }
}

/** Values of secret-named members anywhere in a JSON value (`access_token`, `password`, …). */
export function registerJsonSecrets(value: unknown, secrets: SecretRegistry): void {
  if (Array.isArray(value)) {
    for (const item of value) registerJsonSecrets(item, secrets);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) {
      if (isSecretFieldName(name) && typeof member === 'string') secrets.add(member);
      else registerJsonSecrets(member, secrets);
    }
  }
}

/** Secret-named query parameters (`?access_token=…`) are registered and redacted; the rest is scrubbed by value. */
export function redactQuery(query: string, secrets: SecretRegistry): string {
  if (query === '') return '';
  const params = new URLSearchParams(query);
  for (const [name, value] of params) if (isSecretFieldName(name)) secrets.add(value);
  for (const name of [...params.keys()]) if (isSecretFieldName(name)) params.set(name, REDACTED);
  // `[REDACTED]` as written, not percent-encoded: the reader should see at once what went.
  return secrets.scrub(params.toString().split(encodeURIComponent(REDACTED)).join(REDACTED));
}

/** A JSON body, redacted by name and by value. */
export function redactBody(value: unknown, secrets: SecretRegistry): unknown {
  registerJsonSecrets(value, secrets);
  return redactJson(value, secrets);
}

/** Parses a body that claims to be JSON; anything else (a form, a binary) carries no fields the analysis reads. */
export function jsonBody(text: string | undefined, mimeType: string | undefined): unknown {
  if (text === undefined || text === '' || !(mimeType ?? '').toLowerCase().includes('json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A form body's secret fields (`client_secret`, `refresh_token`, `code`), registered by value. */
export function registerFormSecrets(text: string | undefined, mimeType: string | undefined, secrets: SecretRegistry): void {
  if (text === undefined || !(mimeType ?? '').toLowerCase().includes('x-www-form-urlencoded')) return;
  for (const [name, value] of new URLSearchParams(text)) if (isSecretFieldName(name)) secrets.add(value);
}
