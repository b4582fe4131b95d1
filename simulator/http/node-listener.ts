import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Dispatch } from './dispatch.ts';
import type { SimResponse } from './router.ts';
import { springError } from './spring-error.ts';
import { isConnectionReset } from './quirks.ts';

/** Bodies larger than this are refused with 413, as a servlet container's post-size limit does. */
export const defaultMaxBodyBytes = 1024 * 1024;

export interface RequestListenerOptions {
  readonly maxBodyBytes?: number;
}

/** Adapts the socket-free dispatcher to node:http: reads the body (with its cap), writes the response. */
export function createRequestListener(dispatch: Dispatch, options: RequestListenerOptions = {}): RequestListener {
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  return (request, response) => {
    const url = request.url ?? '/';
    readBody(request, maxBodyBytes)
      .then((rawBody) => {
        if (rawBody === undefined) {
          writeResponse(response, springError(413, pathOf(url), `The request body exceeds ${maxBodyBytes} bytes`, { connection: 'close' }));
          return;
        }
        return dispatch({ method: request.method ?? 'GET', url, headers: request.headers, rawBody }).then((result) => {
          if (isConnectionReset(result)) request.socket.resetAndDestroy();
          else writeResponse(response, result);
        });
      })
      .catch(() => {
        // The connection broke while reading, or writing failed: nothing useful can be sent.
        if (!response.headersSent) writeResponse(response, springError(500, pathOf(url)));
        else response.destroy();
      });
  };
}

/** The whole body, or undefined when it is larger than the cap (the rest is drained, not kept). */
function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(request.headers['content-length'] ?? 0) > maxBytes;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function writeResponse(response: ServerResponse, result: SimResponse): void {
  response.statusCode = result.status;
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    response.setHeader(name, typeof value === 'string' ? value : [...value]);
  }
  let payload: Buffer | undefined;
  if (typeof result.body === 'string') {
    payload = Buffer.from(result.body, 'utf8');
    if (!response.hasHeader('content-type')) response.setHeader('content-type', 'text/plain; charset=utf-8');
  } else if (result.body !== undefined) {
    payload = Buffer.from(JSON.stringify(result.body), 'utf8');
    if (!response.hasHeader('content-type')) response.setHeader('content-type', 'application/json');
  }
  response.setHeader('content-length', payload?.length ?? 0);
  response.end(payload);
}

function pathOf(url: string): string {
  return new URL(url, 'http://platform.invalid').pathname;
}
