/** A hand-made HttpResponse, for reading functions that take one (processTokenResponse). */
import type { HttpResponse } from '../../src/http/client.ts';

export function httpResponse(status: number, body: unknown, options: { url?: string; contentType?: string } = {}): HttpResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': options.contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json') };
  return {
    url: options.url ?? 'https://cas.example/api/v1.1/token',
    status,
    headers,
    text,
    header: (name) => headers[name.toLowerCase()],
    json: () => JSON.parse(text) as unknown,
  };
}
