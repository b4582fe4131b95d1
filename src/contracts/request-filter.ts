/**
 * The Verifier's `requestFilter` (an express middleware in front of the
 * target): it puts a fresh bearer token from the token manager on every
 * request the verifier replays (spec §5.6), and stops requests that would
 * change data on a real target without ALLOW_MUTATIONS (they never reach
 * it). The token is set on the header only: never logged, never in a
 * verdict. State setup calls to the verifier's own proxy pass untouched.
 *
 * The mutation guard is read-only by default (DESIGN.md "Rules"): against a
 * real target, an interaction that sends POST, PUT, PATCH or DELETE is
 * verified only with ALLOW_MUTATIONS=true. The catalog decides what mutates:
 * POST searches carry their query in the body and are marked read-only there
 * (`mutating: false` with a reason); a method on a path the catalog does not
 * know is taken to mutate. A change the run cannot undo (contract-data-changes.ts)
 * needs ALLOW_IRREVERSIBLE=true as well: ALLOW_MUTATIONS alone promises that
 * the run leaves the data as it found it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findCatalogEntry } from '../catalog/index.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { HttpClient } from '../http/client.ts';
import type { Permits } from '../http/run-permits.ts';
import { isRecord } from '../http/json.ts';
import { closedByTransportError, noteNoResponse } from './proxy-transport-errors.ts';
import { forwardWithRetries, isRetriedMethod, targetAnsweredHeaders } from './retried-forward.ts';
import type { ProviderTarget } from './provider-target.ts';
import type { StateGate } from './state-handlers.ts';
import { irreversibleChange, type ContractOwner } from './contract-data-changes.ts';
import { irreversibleGuardReason, irreversibleGuardStatus, mutationAndIrreversibleGuardReason, mutationGuardReason, mutationGuardStatus } from './guard-reasons.ts';

export { irreversibleGuardReason, irreversibleGuardStatus, mutationGuardReason, mutationGuardStatus } from './guard-reasons.ts';

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isMutatingRequest(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  if (readMethods.has(upper)) return false;
  const match = findCatalogEntry(upper, path);
  // A replacement endpoint changes data exactly as much as the endpoint it replaces.
  return match?.entry.mutating ?? true;
}

export interface GuardedTarget {
  readonly embedded: boolean;
  readonly allowMutations: boolean;
  readonly allowIrreversible?: boolean;
}

export interface GuardBlock {
  readonly status: number;
  readonly reason: string;
}

/** Why the guard stops this request against this target, if it does. */
export function dataChangeBlock(target: GuardedTarget, method: string, path: string, owner: ContractOwner): GuardBlock | undefined {
  if (target.embedded || !isMutatingRequest(method, path)) return undefined;
  // Every opt-in the request still needs is named at once: one run tells the user all they need to set.
  const why = target.allowIrreversible === true ? undefined : irreversibleChange(owner, method, path);
  if (!target.allowMutations) return { status: mutationGuardStatus, reason: why === undefined ? mutationGuardReason : mutationAndIrreversibleGuardReason(why) };
  return why === undefined ? undefined : { status: irreversibleGuardStatus, reason: irreversibleGuardReason(why) };
}

/** Whether the guard stops this request against this target. */
export function blockedByMutationGuard(target: GuardedTarget, method: string, path: string, owner: ContractOwner = 'team'): boolean {
  return dataChangeBlock(target, method, path, owner) !== undefined;
}

export type RequestFilter = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** pact-js's own endpoints on its proxy (provider state setup, message transport). */
const stateSetupPath = '/_pactSetup';
const proxyPaths = new Set([stateSetupPath, '/_messages']);

/** How often a request whose token went stale while it waited for a permit takes a fresh one before it goes anyway. */
const tokenRetakes = 3;

/** The status of a request stopped because its provider state could not be set up. */
export const stateGateStatus = 598;

/** How a request held back by the state gate is known again when its interaction is judged (StateProblems `heldBack`). */
export function heldBackKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * The target as the filter watches it: its base URL, its per-request timeout, and the client whose count of timeouts
 * in a row (src/http/client.ts) the verifier's requests share, so a hanging target is given up on after a few.
 */
export interface WatchedTarget {
  readonly baseUrl: string;
  readonly requestTimeoutMs: number;
  readonly client: Pick<HttpClient, 'givenUp' | 'noteRequestElsewhere'>;
}

/**
 * `permits`: the run's, in a verifier child lent by its parent (src/http/lent-permits.ts). A replayed request holds
 * one from when it is let through until its answer is in, so the verifier's requests count towards MAX_CONCURRENCY
 * with the state setups' and every worker's.
 */
export function contractRequestFilter(
  target: Pick<ProviderTarget, 'embedded' | 'allowMutations' | 'allowIrreversible' | 'tokens' | 'extraHeaders'>,
  gate?: StateGate,
  watched?: WatchedTarget,
  permits?: Permits,
  owner: ContractOwner = 'team',
): RequestFilter {
  return (request, response, next) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (proxyPaths.has(path)) {
      // The proxy parsed the JSON body before the filter: { state, action, params }.
      const body: unknown = 'body' in request ? request.body : undefined;
      if (gate && path === stateSetupPath && isRecord(body) && body.action === 'setup' && typeof body.state === 'string') {
        const state = body.state;
        gate.noteSetup(state);
        response.once('close', () => {
          if (!response.writableFinished) gate.forgetSetup(state);
        });
      }
      next();
      return;
    }
    const stateProblem = gate?.takeBlockReason(heldBackKey(request.method ?? 'GET', path), isMutatingRequest(request.method ?? 'GET', path));
    if (stateProblem !== undefined) {
      stop(response, stateGateStatus, `provider state not set up: ${stateProblem}`);
      return;
    }
    const block = dataChangeBlock(target, request.method ?? 'GET', path, owner);
    if (block) {
      stop(response, block.status, block.reason);
      return;
    }
    const watch = watched && watchRequest(watched, request.method ?? 'GET', path, response);
    if (watch === false) return;
    // Watched from now: the verifier may give up on the request while it still waits for its token or its permit.
    let closed = response.destroyed;
    const answered = closed
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          response.once('close', () => {
            closed = true;
            resolve();
          }),
        );
    const send = (): void => {
      watch?.sent();
      // A GET or HEAD is retried like the client's own (retried-forward.ts); http-proxy sends a request once.
      if (watched && isRetriedMethod(request.method)) void forwardWithRetries(watched.baseUrl, request, response, watched.requestTimeoutMs);
      else next();
    };
    // The token first: a refresh it may need takes a permit of its own. A token that came within its refresh margin
    // while the request waited for a permit is taken again, outside the permit (spec §5.8: refresh near expiry).
    const withToken = (retakes: number): void => {
      target.tokens.accessToken().then(
        (token) => {
          for (const [name, value] of Object.entries(target.extraHeaders ?? {})) request.headers[name.toLowerCase()] = value;
          request.headers.authorization = `Bearer ${token}`;
          if (!permits) return send();
          let stale = false;
          permits
            .run(async () => {
              // A request the verifier gave up on while it waited is not sent, and its permit goes back at once.
              if (closed) return;
              if (retakes > 0 && target.tokens.isFresh?.(token) === false) {
                stale = true;
                return;
              }
              send();
              await answered;
            })
            .then(() => {
              if (stale) withToken(retakes - 1);
            })
            // Only the wait for a permit can fail (past RUN_TIMEOUT_S): the request is not sent, and no answer of ours
            // may stand in for the target's.
            .catch((error: unknown) => {
              watch?.notSent(error instanceof Error ? error.message : String(error));
              response.destroy();
            });
        },
        (error: unknown) => next(error),
      );
    };
    withToken(tokenRetakes);
  };
}

interface RequestWatch {
  /** The request goes to the target now: the target's time starts. */
  sent(): void;
  /** The request will not be sent, and why. */
  notSent(reason: string): void;
}

/**
 * A target given up on: the request is not sent, the verifier's connection is closed unanswered (an answer of ours
 * would be compared as the target's) and the interaction is "not compared" with the reason (false). Otherwise the
 * request goes on once it has its token and permit, and a verifier that closes its connection before the answer is
 * complete (none at all, or a body that drips) has waited out REQUEST_TIMEOUT_MS (its `timeout`, counted from when it
 * asked): when the target had that time, it is noted as the interaction's reason and counted as a timeout of the
 * target. A request the verifier gave up on before it was sent, or one whose time mostly went to waiting for a run
 * permit, is not the target's timeout. A complete answer, or a transport error (proxy-transport-errors.ts), ends a
 * run of timeouts.
 */
function watchRequest(watched: WatchedTarget, method: string, path: string, response: ServerResponse): RequestWatch | false {
  const where = `${method} ${new URL(watched.baseUrl).origin}${path}`;
  const givenUp = watched.client.givenUp;
  if (givenUp !== undefined) {
    noteNoResponse(watched.baseUrl, method, path, `not sent: ${givenUp}`);
    response.destroy();
    return false;
  }
  const asked = performance.now();
  let sentAt: number | undefined;
  let notSent: string | undefined;
  response.once('close', () => {
    if (response.writableFinished || closedByTransportError(response)) {
      watched.client.noteRequestElsewhere(undefined);
      return;
    }
    const waitedMs = Math.round(performance.now() - asked);
    if (sentAt === undefined) {
      noteNoResponse(watched.baseUrl, method, path, `not sent: ${notSent ?? `the verifier gave up after ${waitedMs} ms while the request waited for its token or a run permit`}`);
      return;
    }
    // The verifier's own timeout is REQUEST_TIMEOUT_MS (verify-source.ts); an earlier close is the verifier's doing.
    if (waitedMs < watched.requestTimeoutMs * 0.9) {
      noteNoResponse(watched.baseUrl, method, path, `no response: the verifier closed the connection after ${waitedMs} ms`);
      return;
    }
    // Headers sent, body unfinished: a body that drips (the client's words for it, src/http/client.ts).
    const what = targetAnsweredHeaders(response) ? `answered ${response.statusCode} but its body did not arrive` : 'did not answer';
    const targetMs = Math.round(performance.now() - sentAt);
    if (targetMs < watched.requestTimeoutMs * 0.9) {
      noteNoResponse(
        watched.baseUrl,
        method,
        path,
        `no response: ${where} ${what} in the ${targetMs} ms it had of REQUEST_TIMEOUT_MS=${watched.requestTimeoutMs} ms (the rest went to waiting for its token or a run permit)`,
      );
      return;
    }
    const timeout = new UpgradeGuardError('TARGET_TIMEOUT', `${where} ${what} within ${watched.requestTimeoutMs} ms (REQUEST_TIMEOUT_MS)`);
    noteNoResponse(watched.baseUrl, method, path, `no response: ${timeout.message}`);
    watched.client.noteRequestElsewhere(timeout);
  });
  return {
    sent: () => {
      sentAt = performance.now();
    },
    notSent: (reason) => {
      notSent = reason;
    },
  };
}

function stop(response: ServerResponse, status: number, why: string): void {
  response.statusCode = status;
  response.setHeader('content-type', 'text/plain');
  response.end(`blocked by upgrade-guard: ${why}`);
}
