/**
 * A loopback proxy in front of the embedded platform that forwards every
 * request unless `misbehave` answers it itself (a reset, a hang, a gateway's
 * page): a staging that fails in a chosen way, as a user's run meets it.
 */
import { writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MisbehavingProxy {
  readonly server: Server;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
}

/** `misbehave` returns true when it has dealt with the request. */
export async function misbehavingProxy(upstream: URL, misbehave: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<MisbehavingProxy> {
  const server = createServer((req, res) => {
    if (misbehave(req, res)) return;
    const forwarded = request({ host: upstream.hostname, port: upstream.port, path: req.url ?? '/', method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The platform's .env lines with its address replaced by the proxy's, and `extra` lines, written to `file`. */
export function writeProxiedEnv(file: string, lines: readonly string[], upstream: URL, proxy: MisbehavingProxy, extra: readonly string[] = []): void {
  writeFileSync(file, [...lines.map((line) => line.replaceAll(upstream.origin, proxy.origin)), ...extra].join('\n'));
}

/** Closes the proxies, their open connections first (a held request would keep one open). */
export async function closeProxies(proxies: readonly MisbehavingProxy[]): Promise<void> {
  for (const proxy of proxies) proxy.server.closeAllConnections();
  await Promise.all(proxies.map((proxy) => new Promise((resolve) => proxy.server.close(resolve))));
}
