/**
 * Reading the AI tagging service's state and putting it back (spec §2 "AI
 * tagging status" and "state update", §3): a check or a contract that moves
 * the state reads it first and restores it afterwards, so a run with
 * ALLOW_MUTATIONS=true leaves the service as it found it. A state the service
 * reaches only by itself (the vendor's FINISHED) cannot be requested; then the
 * run that was started is stopped, the nearest state a client can ask for.
 */
import type { HttpResponse } from '../../http/client.ts';
import { member } from '../../http/json.ts';
import type { PlatformApi } from '../platform-api.ts';
import { getAiTaggingStatus, setAiTaggingState } from './media.ts';

/**
 * The states a client can put the service back into after its request for RUNNING: RUNNING itself, and STOPPED,
 * the stop the vendor's document offers (spec §3 shows only RUNNING). A service found in another state (the
 * vendor's FINISHED, reached only by the service itself) cannot be put back: moving it needs ALLOW_IRREVERSIBLE.
 */
const restorableStates: readonly unknown[] = ['RUNNING', 'STOPPED'];

/** Why a move away from `found` cannot be undone; undefined when it can. */
export function aiTaggingStateIrreversible(found: unknown): string | undefined {
  return restorableStates.includes(found) ? undefined : `the AI tagging service is ${String(found)}, a state a client cannot request back`;
}

export interface AiTaggingReading {
  readonly status: number;
  /** `currentState` of a 2xx answer. */
  readonly state: unknown;
}

function succeeded(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

export async function readAiTaggingState(api: PlatformApi): Promise<AiTaggingReading> {
  const response = await getAiTaggingStatus(api);
  return { status: response.status, state: succeeded(response) ? member(response.json(), 'currentState') : undefined };
}

/**
 * How the state came back, in words for the report: `restored …` or `left …` when it is as found. A state a client
 * cannot request (`expected`: the move needed ALLOW_IRREVERSIBLE) is not asked for: the run started is stopped.
 */
export async function restoreAiTaggingState(api: PlatformApi, found: string): Promise<{ readonly restored: boolean; readonly detail: string; readonly expected?: true }> {
  const now = await readAiTaggingState(api);
  if (now.state === found) return { restored: true, detail: `left ${found}, as found` };
  const irreversible = aiTaggingStateIrreversible(found);
  if (irreversible !== undefined) {
    const stopped = await setAiTaggingState(api, 'STOPPED');
    return { restored: false, expected: true, detail: succeeded(stopped) ? `${irreversible}: stopped the run that was started (STOPPED)` : `${irreversible}, and STOPPED was refused (HTTP ${stopped.status})` };
  }
  const back = await setAiTaggingState(api, found);
  if (succeeded(back)) return { restored: true, detail: `restored ${found}` };
  const stopped = await setAiTaggingState(api, 'STOPPED');
  return succeeded(stopped)
    ? { restored: false, detail: `could not request ${found} back (HTTP ${back.status}); stopped the run that was started (STOPPED)` }
    : { restored: false, detail: `could not restore ${found} (HTTP ${back.status}, then ${stopped.status} for STOPPED)` };
}
