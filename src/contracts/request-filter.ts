/**
 * The Verifier's `requestFilter` (an express middleware in front of the
 * target): it puts a fresh bearer token from the token manager on every
 * request the verifier replays (spec §5.6), and stops requests that would
 * change data on a real target without ALLOW_MUTATIONS (they never reach
 * it). The token is set on the header only: never logged, never in a
 * verdict. State setup calls to the verifier's own proxy pass untouched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord } from './json.ts';
import { blockedByMutationGuard, mutationGuardReason, mutationGuardStatus } from './mutation-guard.ts';
import type { ProviderTarget } from './provider-target.ts';
import type { StateGate } from './state-handlers.ts';

export type RequestFilter = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** pact-js's own endpoints on its proxy (provider state setup, message transport). */
const stateSetupPath = '/_pactSetup';
const proxyPaths = new Set([stateSetupPath, '/_messages']);

/** The status of a request stopped because its provider state could not be set up. */
export const stateGateStatus = 598;

export function contractRequestFilter(target: Pick<ProviderTarget, 'embedded' | 'allowMutations' | 'tokens'>, gate?: StateGate): RequestFilter {
  return (request, response, next) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (proxyPaths.has(path)) {
      // The proxy parsed the JSON body before the filter: { state, action, params }.
      const body: unknown = 'body' in request ? request.body : undefined;
      if (gate && path === stateSetupPath && isRecord(body) && body.action === 'setup' && typeof body.state === 'string') gate.noteSetup(body.state);
      next();
      return;
    }
    const stateProblem = gate?.takeBlockReason();
    if (stateProblem !== undefined) {
      stop(response, stateGateStatus, `provider state not set up: ${stateProblem}`);
      return;
    }
    if (blockedByMutationGuard(target, request.method ?? 'GET', path)) {
      stop(response, mutationGuardStatus, mutationGuardReason);
      return;
    }
    target.tokens.accessToken().then(
      (token) => {
        request.headers.authorization = `Bearer ${token}`;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}

function stop(response: ServerResponse, status: number, why: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/plain');
  response.end(`blocked by upgrade-guard: ${why}`);
}
