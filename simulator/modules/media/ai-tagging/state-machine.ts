/**
 * The AI tagging service's states and the moves a client may request.
 * Spec §3 fixes one: requesting RUNNING ends in RUNNING. The rest is the
 * vendor's document: RUNNING → STOPPED stops tagging, STOPPED or FINISHED →
 * RUNNING starts it again; FINISHED is reached only by the service itself.
 * Requesting the current state is a no-op, so RUNNING → RUNNING holds too.
 */
import { aiTaggingStates, type AiTaggingState } from '../../../fixtures/media.ts';

export type StateMove =
  | { readonly kind: 'moved'; readonly next: AiTaggingState }
  | { readonly kind: 'unknown-state' }
  | { readonly kind: 'not-allowed'; readonly from: AiTaggingState; readonly to: AiTaggingState };

const allowedMoves: Readonly<Record<AiTaggingState, readonly AiTaggingState[]>> = {
  RUNNING: ['STOPPED'],
  STOPPED: ['RUNNING'],
  FINISHED: ['RUNNING'],
};

export function isAiTaggingState(value: unknown): value is AiTaggingState {
  return aiTaggingStates.some((state) => state === value);
}

export function requestState(current: AiTaggingState, requested: unknown): StateMove {
  if (!isAiTaggingState(requested)) return { kind: 'unknown-state' };
  if (requested === current || allowedMoves[current].includes(requested)) return { kind: 'moved', next: requested };
  return { kind: 'not-allowed', from: current, to: requested };
}
