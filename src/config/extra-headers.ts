/**
 * EXTRA_HEADERS: headers a target wants on every module request besides the
 * bearer token, e.g. the 8.0 guide's user context `X-User-Login` (DESIGN.md
 * "Facts about a real 8.0 instance"). Written as header lines joined by `;`:
 * `X-User-Login: alice; X-Tenant: acme`. Names are RFC 9110 §5.1 tokens;
 * values may not hold `;`, CR, LF or NUL. Headers the harness sets itself
 * (the bearer token of spec §5.6, the message framing) cannot be replaced.
 */
import { UpgradeGuardError } from '../errors.ts';

/** RFC 9110 §5.6.2 token. */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §5.5 field value, on one line. */
const headerValue = /^[^\r\n\0]*$/;

/** Set by the harness: spec §5.6's Authorization, and what HTTP itself frames the message with. */
const reserved = new Set(['authorization', 'host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'cookie']);

export function parseExtraHeaders(text: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const entry of text.split(';')) {
    if (entry.trim() === '') continue;
    const colon = entry.indexOf(':');
    const name = (colon < 0 ? entry : entry.slice(0, colon)).trim();
    const value = colon < 0 ? '' : entry.slice(colon + 1).trim();
    if (colon < 0) throw invalid('an entry has no colon between name and value');
    if (!headerName.test(name)) throw invalid(`"${name.slice(0, 40)}" is not a header name`);
    if (!headerValue.test(value) || value === '') throw invalid(`${name} needs a value on one line`);
    const lower = name.toLowerCase();
    if (reserved.has(lower)) throw invalid(`${name} is set by upgrade-guard itself and cannot be replaced`);
    if (Object.keys(headers).some((known) => known.toLowerCase() === lower)) throw invalid(`${name} is given twice`);
    headers[name] = value;
  }
  if (Object.keys(headers).length === 0) throw invalid('no header given');
  return Object.freeze(headers);
}

function invalid(why: string): UpgradeGuardError {
  // The value is never echoed: it may identify a user or carry a key.
  return new UpgradeGuardError('CONFIG_INVALID', `EXTRA_HEADERS must be header lines joined by ";" (X-User-Login: alice; X-Other: value): ${why}`);
}
