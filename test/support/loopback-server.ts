/**
 * A plain HTTP server on a free loopback port, for the OAuth servers the e2e tests set up (the independent CAS, the
 * Keycloak-shaped realm): started, addressed and closed the same way.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function listen(handler: RequestListener): Promise<Server> {
  // Idle connections live 65 s, as behind the usual gateway and in the simulator: with Node's 5 s default, a busy
  // runner let the client reuse a pooled connection the server was closing (UND_ERR_SOCKET on a GET of the CAS).
  const server = createServer({ keepAliveTimeout: 65_000 }, handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export function origin(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
