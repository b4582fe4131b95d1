/**
 * The AI tagging service's state (spec §2 "AI tagging status" and "state
 * update", §3): a POST to …/ai-tagging with `state` set to the wanted state
 * moves the service there and answers `currentState`; RUNNING is the one
 * move spec §3 names. Other states and moves are not shown, so these checks
 * request only RUNNING, and put back what they found as far as the service
 * lets them.
 *
 * Registered from lifecycle.test.ts, ahead of the lifecycle checks: the
 * lifecycle's own POST …/ai-tagging moves the same state, and the checks of
 * one file run one after another (these are not concurrent), so nothing in
 * the suite moves the service away from RUNNING between a request and the
 * read that verifies it (the contract verification only ever requests
 * RUNNING too). A request for RUNNING is a visible move only from another
 * state: a service found RUNNING is first stopped (the vendor's move, not
 * the spec's, so a refusal there is no failure, only a move the check
 * cannot show).
 */
import { expect, type TestContext } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { check } from '../../../src/check/check.ts';
import { aiTaggingStateIrreversible, readAiTaggingState, restoreAiTaggingState } from '../../../src/api/modules/ai-tagging-state.ts';
import { setAiTaggingState } from '../../../src/api/modules/media.ts';
import { requireIrreversibleAllowed, requireMutationsAllowed } from '../../../src/check/mutation-guard.ts';
import { recordDataChange } from '../../../src/check/data-changes.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext, type SuiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isSuccess, mediaEntry, member, requireChange } from './_media.ts';

const statusEntry = mediaEntry('media.ai-tagging-status');
const updateEntry = mediaEntry('media.ai-tagging-state-update');

/** The state the service had before a check, read first; the check cannot go on without it. */
async function foundState(api: PlatformApi): Promise<string> {
  const found = await readAiTaggingState(api);
  expect(found.status, `GET ${statusEntry.path}`).toBe(200);
  expect(typeof found.state, 'currentState of the AI tagging status').toBe('string');
  return String(found.state);
}

/** Runs `body` on the state found, then restores it; what happened goes to the report, with the body's own notes. */
async function withRestoredState(test: TestContext, context: SuiteContext, what: string, body: (found: string, notes: string[]) => Promise<void>): Promise<void> {
  const { api } = context;
  const found = await foundState(api);
  const irreversible = aiTaggingStateIrreversible(found);
  if (irreversible !== undefined) await requireIrreversibleAllowed(test, context.target, what, irreversible);
  const notes = [`found ${found}`];
  try {
    await body(found, notes);
  } finally {
    const restored = await restoreAiTaggingState(api, found);
    notes.push(restored.detail);
    recordDataChange(test, { request: `POST ${updateEntry.path}`, target: 'the AI tagging state', undone: restored.restored ? 'restored' : 'not undone', detail: restored.detail });
    await observe(test, notes.join('; '));
  }
}

export function aiTaggingStateChecks(): void {
  check(
    {
      id: 'media.ai-tagging-state.running-reported',
      title: 'POST …/ai-tagging with state RUNNING answers currentState RUNNING, and GET …/ai-tagging then reports RUNNING',
      labels: entryLabels(updateEntry, 'AI tagging state', '§3'),
      killedBy: ['media-ai-tagging-state-ignored', 'media-ai-tagging-state-response-stale', 'media-ai-tagging-state-update-without-state'], observedBy: ['media-ai-tagging-missing'],
    },
    async (test) => {
      await requireChange(test, updateEntry, 'the AI tagging service');
      const context = await suiteContext();
      const what = 'requesting the AI tagging state RUNNING';
      await requireMutationsAllowed(test, context.target, what);
      await withRestoredState(test, context, what, async (found, notes) => {
        if (found === 'RUNNING') notes.push(`requested STOPPED first, to make the move visible: HTTP ${(await setAiTaggingState(context.api, 'STOPPED')).status}`);
        const moved = await setAiTaggingState(context.api, 'RUNNING');
        expectStatus(moved, { call: sentCall('POST', moved), spec: '§3', promise: `moves the AI tagging service to RUNNING on a POST to ${updateEntry.path} with state RUNNING` });
        expect(member(moved.json(), 'currentState'), 'currentState in the answer to the request for RUNNING').toBe('RUNNING');
        expect((await readAiTaggingState(context.api)).state, `currentState reported by GET ${statusEntry.path} afterwards`).toBe('RUNNING');
      });
    },
  );

  check(
    {
      id: 'media.ai-tagging-state.unknown-state-refused',
      title: 'POST …/ai-tagging with a state the service does not know is refused (4xx), or else answered with that state, never another',
      labels: entryLabels(updateEntry, 'AI tagging state', '§2, §3'),
      killedBy: ['media-ai-tagging-unknown-state-accepted'], observedBy: ['media-ai-tagging-missing'],
    },
    async (test) => {
      await requireChange(test, updateEntry, 'the AI tagging service');
      const context = await suiteContext();
      const what = 'requesting an unknown AI tagging state';
      await requireMutationsAllowed(test, context.target, what);
      const requested = 'UPGRADE_GUARD_UNKNOWN_STATE';
      await withRestoredState(test, context, what, async () => {
        const response = await setAiTaggingState(context.api, requested);
        // Spec §3: an accepted request moves the service to the wanted state and answers it; so a 2xx must name the state asked for.
        if (isSuccess(response)) {
          expect(member(response.json(), 'currentState'), `currentState answered (HTTP ${response.status}) to a request for ${requested}`).toBe(requested);
        } else {
          expect(response.status, 'a refusal is a client error').toBeGreaterThanOrEqual(400);
          expect(response.status, 'a refusal is a client error').toBeLessThan(500);
        }
      });
    },
  );
}
