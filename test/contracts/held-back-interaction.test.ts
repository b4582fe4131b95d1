/**
 * The request filter holds an interaction's request back while a provider state set up before it has a problem
 * (src/contracts/request-filter.ts, the state gate). When the verifier gives up on a state's setup (its own timeout,
 * while the setup waits for a target that does not answer), that interaction's request never comes, and the state is
 * still waiting at the gate when the next interaction's request does: the next one is held back for a state not its
 * own. It was never sent, so it is not checked, its note naming the state and what the target did; never a finding.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePact } from '../../src/contracts/pact-file.ts';
import { heldBackKey, stateGateStatus } from '../../src/contracts/request-filter.ts';
import { StateGate, type StateProblems } from '../../src/contracts/state-handlers.ts';
import { fileOutcome } from '../../src/contracts/verify-source.ts';
import type { InteractionVerdict } from '../../src/contracts/verification-report.ts';
import { SecretRegistry } from '../../src/http/redact.ts';

const file = new URL('../../contracts/pacts/upgrade-guard-platform-media-8.0.json', import.meta.url).pathname;
const document = parsePact(file, JSON.parse(readFileSync(file, 'utf8')));
const interaction = (description: string) => {
  const found = document.interactions.find((candidate) => candidate.description === description);
  if (!found) throw new Error(`no interaction "${description}" in ${file}`);
  return found;
};
const givenUp = interaction('a request for an asset with its asset sets');
const next = interaction('a request for the progress of the AI tagging service');
const target = { embedded: true, allowMutations: true, allowIrreversible: true, secrets: new SecretRegistry(), baseUrl: 'http://127.0.0.1:9' };
const noAnswer = 'discovery: GET /rest/mp/v1.1/assets: the target did not answer within 10000 ms (REQUEST_TIMEOUT_MS)';
const heldBackVerdict: InteractionVerdict = {
  description: next.description,
  passed: false,
  mismatches: [{ type: 'StatusMismatch', text: `expected 200 but was ${stateGateStatus}`, expected: '200', actual: String(stateGateStatus) }],
};

function problems(): StateProblems {
  return { missing: new Map(), failed: new Map(), unanswered: new Map(), guarded: new Map(), heldBack: new Map() };
}

/** The gate as the verifier leaves it: the given-up interaction's state set up with a problem, its request never sent; then the next one's. */
function heldBack(seen: StateProblems, problem: 'unanswered' | 'failed'): string | undefined {
  const gate = new StateGate(seen);
  const [staleState] = givenUp.states;
  const [ownState] = next.states;
  if (staleState === undefined || ownState === undefined) throw new Error('both interactions have a provider state');
  seen[problem].set(staleState, noAnswer);
  gate.noteSetup(staleState);
  gate.noteSetup(ownState);
  return gate.takeBlockReason(heldBackKey(next.method, next.path), false);
}

function judged(seen: StateProblems, of: typeof next) {
  return fileOutcome(target, 'team', document, of, `contract.${of.index}`, new Map([[heldBackVerdict.description, heldBackVerdict]]), seen, new Map(), undefined);
}

describe('an interaction held back for the state of one the verifier gave up on', () => {
  it('is held back at the gate, which notes for which state', () => {
    const seen = problems();
    expect(heldBack(seen, 'unanswered')).toBe(noAnswer);
    expect(seen.heldBack.get(heldBackKey(next.method, next.path))).toEqual({ state: givenUp.states[0], reason: noAnswer });
  });

  it('is not checked when that state got no answer: its note names the state and what the target did', () => {
    const seen = problems();
    heldBack(seen, 'unanswered');
    const outcome = judged(seen, next);
    expect(outcome).toMatchObject({ state: 'failed', noAnswer: 'TARGET_TIMEOUT' });
    expect(outcome.mismatches.map((mismatch) => mismatch.type)).not.toContain('ProviderStateSetup');
    expect(outcome.mismatches[0]?.text).toContain(`${next.method} ${next.path} was not sent`);
    expect(outcome.mismatches[0]?.text).toContain(`"${givenUp.states[0]}"`);
    expect(outcome.mismatches[0]?.text).toContain(noAnswer);
  });

  it('is skipped with the reason when that state failed otherwise: this interaction was not sent either', () => {
    const seen = problems();
    heldBack(seen, 'failed');
    const outcome = judged(seen, next);
    expect(outcome.state).toBe('skipped');
    expect(outcome).toMatchObject({ reason: expect.stringContaining('was not sent') });
  });

  it('leaves the interaction that owns the state to its own problem', () => {
    const seen = problems();
    heldBack(seen, 'unanswered');
    expect(judged(seen, givenUp)).toMatchObject({ state: 'failed', noAnswer: 'TARGET_TIMEOUT', mismatches: [{ text: `setting up "${givenUp.states[0]}": ${noAnswer}` }] });
  });
});
