/**
 * A contract interaction whose endpoint is not served is not checked, when
 * the answer is about the route: a 405, or a 404 to a path whose ids are
 * the target's own (generated from a provider state) or that has none. A 404
 * to the pact's example ids (a missing entity, perhaps), a mismatch of a
 * route that answered, and a 404 of an endpoint the spec removes stay
 * failures. The pact files say which paths a provider state generates.
 */
import { describe, expect, it } from 'vitest';
import { interactionNotChecked } from '../../src/contracts/cross-version-findings.ts';
import { parsePact } from '../../src/contracts/pact-file.ts';
import type { InteractionOutcome } from '../../src/contracts/verify-source.ts';

const statusMismatch = (actual: number): InteractionOutcome['mismatches'][number] => ({ type: 'StatusMismatch', text: `expected 200 but was ${actual}`, expected: '200', actual: String(actual) });

const outcome = (method: string, path: string, mismatches: InteractionOutcome['mismatches'], pathFromProviderState?: boolean): InteractionOutcome => ({
  checkId: 'contract.crafted',
  description: 'a crafted interaction',
  method,
  path,
  states: [],
  state: 'failed',
  mismatches,
  ...(pathFromProviderState !== undefined && { pathFromProviderState }),
});

describe('a contract interaction of an endpoint that is not served', () => {
  it('is not checked when its path ids come from a provider state and the route answered 404', () => {
    const finding = interactionNotChecked(outcome('GET', '/rest/mp/v1.2/virtual-databases/11/workflow-steps', [statusMismatch(404)], true), '8.0');
    expect(finding).toMatchObject({
      findingId: 'media.vdb-workflow-steps.replacement-served',
      reason: 'not checked: GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps is not served (404; finding media.vdb-workflow-steps.replacement-served)',
    });
  });

  it('is not checked when its path has no ids (404) or the route refuses the method (405)', () => {
    expect(interactionNotChecked(outcome('POST', '/rest/mp/v1.1/webhooks', [statusMismatch(404)]), '8.0')?.findingId).toBe('media.webhook-create.served');
    expect(interactionNotChecked(outcome('GET', '/rest/mp/v1.1/assets/0', [statusMismatch(405)]), '8.0')?.findingId).toBe('media.asset.served');
    // A path version segment (`{version}`) is no id.
    expect(interactionNotChecked(outcome('GET', '/maps/rest/api/v1.0/usergroups/all', [statusMismatch(404)]), '8.0')?.findingId).toBe('planning.usergroups-all.served');
  });

  it('fails on a 404 to the pact example ids: the entity may be what is missing', () => {
    expect(interactionNotChecked(outcome('GET', '/rest/mp/v1.2/virtual-databases/11/workflow-steps', [statusMismatch(404)]), '8.0')).toBeUndefined();
  });

  it('fails on a mismatch of a route that answered, and on a 404 of an endpoint the spec removes', () => {
    expect(interactionNotChecked(outcome('GET', '/rest/mp/v1.1/ai-tagging', [{ type: 'BodyMismatch', path: '$.currentState', text: 'Expected a string' }]), '8.0')).toBeUndefined();
    expect(interactionNotChecked(outcome('GET', '/rest/mp/v1.0/archive-entries/asset/77401', [statusMismatch(404)], true), '8.0')).toBeUndefined();
  });
});

describe('a pact file says which paths a provider state generates', () => {
  it('reads generators.path of type ProviderState', () => {
    const pact = parsePact('crafted.json', {
      consumer: { name: 'app' },
      provider: { name: 'platform' },
      interactions: [
        {
          description: 'by a state',
          request: { method: 'GET', path: '/rm/rest/v1.0/util/reviews/5695/_get-general-info', generators: { path: { type: 'ProviderState', expression: '/rm/rest/v1.0/util/reviews/${reviewId}/_get-general-info' } } },
        },
        { description: 'as written', request: { method: 'GET', path: '/rm/rest/v1.0/util/reviews/5695/_get-general-info' } },
      ],
    });
    expect(pact.interactions.map((interaction) => interaction.pathFromProviderState)).toEqual([true, undefined]);
  });
});
