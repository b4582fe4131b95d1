/**
 * The contract verification on a real target with ALLOW_MUTATIONS=true
 * (the embedded platform standing in, treated as not ours): each change an
 * interaction makes is in the ledger with how it was undone, the webhook a
 * contract creates is deleted, the AI tagging state is put back, and a state
 * the run cannot put back (FINISHED) skips the interaction that would move it,
 * with the reason, unless ALLOW_IRREVERSIBLE=true as well, and with it the
 * ledger says why the state stays moved. The read-only
 * interaction of the same provider state is still verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { getAiTaggingStatus, setAiTaggingState } from '../../src/api/modules/media.ts';
import { openProviderTarget, type OpenProviderTarget, type ProviderTarget } from '../../src/contracts/provider-target.ts';
import { platformPactFiles } from '../../src/contracts/sources.ts';
import { verifySource, type InteractionOutcome } from '../../src/contracts/verify-source.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { startEmbeddedTarget, type ResolvedTarget } from '../../src/run-targets/embedded.ts';
import { openSessions } from '../../src/run-targets/sessions.ts';

const config = loadConfig({ env: {}, envFile: '/dev/null' });
const mediaPact = platformPactFiles('8.0').filter((file) => file.includes('-media-'));
let resolved: ResolvedTarget;
let opened: OpenProviderTarget;

beforeAll(async () => {
  resolved = await startEmbeddedTarget(config, { name: 'contract data changes', version: '8.0', faults: [] });
  const secrets = new SecretRegistry();
  opened = await openProviderTarget(await openSessions(resolved.target, secrets), secrets);
});

afterAll(async () => {
  await opened?.close();
  await resolved?.close();
});

async function aiTaggingState(target: ProviderTarget): Promise<unknown> {
  return ((await getAiTaggingStatus(target.api)).json() as { currentState?: unknown }).currentState;
}

async function verify(options: { allowIrreversible: boolean }): Promise<Map<string, InteractionOutcome>> {
  const target: ProviderTarget = { ...opened.target, embedded: false, allowMutations: true, allowIrreversible: options.allowIrreversible };
  const verification = await verifySource(target, { kind: 'files', label: 'the 8.0 media contracts', files: mediaPact, checkIds: 'testname' });
  return new Map(verification.outcomes.map((outcome) => [outcome.checkId, outcome]));
}

describe('data changes of the contract verification with ALLOW_MUTATIONS=true', () => {
  it('skips the move of an AI tagging service found FINISHED, verifies its status, and lists the webhook it created and deleted', async () => {
    // The service's own end state: a client can request RUNNING from it, but not FINISHED back.
    expect(await aiTaggingState(opened.target)).toBe('FINISHED');
    const outcomes = await verify({ allowIrreversible: false });
    const start = outcomes.get('contract.media.ai-tagging-start');
    expect(start?.state).toBe('skipped');
    expect(start?.reason).toMatch(/the AI tagging service is FINISHED, a state a client cannot request back.*ALLOW_IRREVERSIBLE=true/);
    expect(outcomes.get('contract.media.ai-tagging-status')?.state).toBe('passed');
    expect(outcomes.get('contract.media.webhook-create-by-vdb-uuid')?.dataChanges).toEqual([
      { request: 'POST /rest/mp/v1.1/webhooks', target: 'a webhook titled "upgrade-guard contract webhook"', undone: 'removed', detail: 'deleted 1 webhook titled "upgrade-guard contract webhook"' },
    ]);
    expect(await aiTaggingState(opened.target)).toBe('FINISHED');
  });

  it('with ALLOW_IRREVERSIBLE=true moves the FINISHED service, and the ledger says why it stays moved, never that a clean-up failed', async () => {
    expect(await aiTaggingState(opened.target)).toBe('FINISHED');
    const outcomes = await verify({ allowIrreversible: true });
    const start = outcomes.get('contract.media.ai-tagging-start');
    expect(start?.state).toBe('passed');
    expect(start?.dataChanges).toEqual([
      {
        request: 'POST /rest/mp/v1.1/ai-tagging',
        target: 'the AI tagging state',
        undone: 'not undone',
        detail: 'the AI tagging service is FINISHED, a state a client cannot request back: stopped the run that was started (STOPPED)',
      },
    ]);
    expect(await aiTaggingState(opened.target)).toBe('STOPPED');
  });

  it('moves a STOPPED service to RUNNING and puts it back, and says so in the ledger', async () => {
    expect((await setAiTaggingState(opened.target.api, 'RUNNING')).status).toBe(200);
    expect((await setAiTaggingState(opened.target.api, 'STOPPED')).status).toBe(200);
    const outcomes = await verify({ allowIrreversible: false });
    const start = outcomes.get('contract.media.ai-tagging-start');
    expect(start?.state).toBe('passed');
    expect(start?.dataChanges).toEqual([{ request: 'POST /rest/mp/v1.1/ai-tagging', target: 'the AI tagging state', undone: 'restored', detail: 'restored STOPPED' }]);
    expect(await aiTaggingState(opened.target)).toBe('STOPPED');
  });

  it('lists no change for a request the target refused with a 4xx: a webhook POST answered 404 created nothing', async () => {
    const refusing = await startEmbeddedTarget(config, { name: 'webhooks elsewhere', version: '8.0', faults: ['media-webhooks-only-at-v1.2'] });
    const secrets = new SecretRegistry();
    const open = await openProviderTarget(await openSessions(refusing.target, secrets), secrets);
    try {
      const target: ProviderTarget = { ...open.target, embedded: false, allowMutations: true };
      const verification = await verifySource(target, { kind: 'files', label: 'the 8.0 media contracts', files: mediaPact, checkIds: 'testname' });
      const webhook = verification.outcomes.find((outcome) => outcome.checkId === 'contract.media.webhook-create-by-vdb-uuid');
      expect(webhook?.state).toBe('failed');
      expect(webhook?.dataChanges).toBeUndefined();
    } finally {
      await open.close();
      await refusing.close();
    }
  });
});
