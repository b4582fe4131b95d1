import type { IncomingHttpHeaders } from 'node:http';

export type ParsedBody = { readonly kind: 'parsed'; readonly body: unknown } | { readonly kind: 'malformed'; readonly message: string };

/**
 * Parses a request body by its content type: JSON (`application/json` and
 * `+json` types) to a value, form encoding to URLSearchParams, anything else
 * left to the handler as the raw buffer. An empty body is undefined.
 */
export function parseBody(headers: IncomingHttpHeaders, rawBody: Buffer): ParsedBody {
  if (rawBody.length === 0) return { kind: 'parsed', body: undefined };
  const mediaType = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = rawBody.toString('utf8');
  if (mediaType === 'application/x-www-form-urlencoded') return { kind: 'parsed', body: new URLSearchParams(text) };
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      const body: unknown = JSON.parse(text);
      return { kind: 'parsed', body };
    } catch {
      return { kind: 'malformed', message: 'JSON parse error: the request body is not valid JSON' };
    }
  }
  return { kind: 'parsed', body: undefined };
}
