/**
 * The cross-version run end to end, in process: the 7.4 contracts verified
 * against an embedded 8.0 platform (createPlatform, through the embedded
 * target) with the Pact verifier.
 * - clean, the breaks are exactly the documented ones;
 * - under a fault that adds an undocumented 8.0 break (the deprecated
 *   `userId` of the job search refused, an asset id sent as a string), that
 *   break shows up as undocumented;
 * - under a quirk that resets the first GET of each URL, everything is
 *   compared in full (the verifier's GETs are retried).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { classifyContracts, runCrossVersion } from '../../src/contracts/cross-version.ts';
import { platformPactSource } from '../../src/contracts/sources.ts';
import type { InteractionOutcome, SourceVerification } from '../../src/contracts/verify-source.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { RunPermits } from '../../src/http/run-permits.ts';
import { contractBreaksJson, contractBreaksMarkdown, contractBreaksSummaryLine } from '../../src/contracts/contract-breaks.ts';

const config = loadConfig({ env: {}, envFile: '/dev/null' });

describe('7.4 contracts against 8.0', () => {
  it('on the clean platform, break exactly where the catalog documents a break', async () => {
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0' }, new SecretRegistry());
    expect(section.exact).toBe(true);
    const broke = section.interactions.filter((entry) => entry.outcome === 'broke');
    expect(broke.every((entry) => entry.documented)).toBe(true);
    expect(broke.map((entry) => entry.checkId).sort()).toEqual([
      'contract.job.grid-rows-bulk-delete',
      'contract.media.archive-entries',
      'contract.media.themes-as-tree',
      'contract.planning.node-type-icon-as-object',
      'contract.shop.advanced-search-as-array',
      'contract.template-builder.attachment-external-ids',
      'contract.template-builder.user-write-attachments',
    ]);
    // Every documented break broke; nothing was left unverified.
    expect(section.counts).toMatchObject({ undocumentedBreaks: 0, unbrokenDocumentedBreaks: 0, skipped: 0 });
    expect(contractBreaksMarkdown(section)).toContain('exactly as documented');
    // The console line names what each count is.
    expect(contractBreaksSummaryLine(section)).toMatch(/: 7 documented breaks, 0 undocumented, 0 documented breaks that did not happen, \d+ still holds?, of \d+ interactions: exactly as documented \[/);
  });

  it('replayed file by file at once within the run\'s permits (a far target), give the same verdicts as one run over all files', async () => {
    const together = await runCrossVersion(config, { from: '7.4', to: '8.0' }, new SecretRegistry());
    const permits = RunPermits.share(4);
    try {
      // A millisecond of latency makes the embedded platform a far target: each pact file gets a verifier run of its own.
      const apart = await runCrossVersion({ ...config, addedLatencyMs: 1, reportsDir: mkdtempSync(join(tmpdir(), 'ug-cross-version-')) }, { from: '7.4', to: '8.0' }, new SecretRegistry());
      const verdicts = (section: typeof together) => section.interactions.map((entry) => [entry.checkId, entry.outcome, entry.documented]);
      expect(verdicts(apart)).toEqual(verdicts(together));
      // The verifier's requests and the state setups' took the run's permits, more than one at a time.
      expect(permits.peak).toBeGreaterThan(1);
      expect(permits.peak).toBeLessThanOrEqual(4);
    } finally {
      RunPermits.withdraw();
    }
  });

  it('compare in full on a flaky 8.0 whose first GET of each URL is reset: the verifier sends it again and marks it flaky', async () => {
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0', faults: ['module-get-reset-once'] }, new SecretRegistry());
    expect(section.counts).toMatchObject({ unanswered: 0, undocumentedBreaks: 0, unbrokenDocumentedBreaks: 0, skipped: 0 });
    expect(section.exact).toBe(true);
    expect(contractBreaksSummaryLine(section)).not.toContain('NOT compared in full');
  });

  it('report a fault that refuses the deprecated userId as an undocumented break', async () => {
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0', faults: ['job-deprecated-user-id-rejected'] }, new SecretRegistry());
    expect(section.exact).toBe(false);
    const undocumented = contractBreaksJson(section).breaks.filter((entry) => entry.outcome === 'broke' && !entry.documented);
    expect(undocumented).toEqual([
      expect.objectContaining({
        interaction: 'a search for the active and pending jobs of a user by numeric user id',
        endpoint: 'POST /dse/rest/v1.0/jobs/_search',
        documented: false,
        mismatch: expect.stringContaining('expected 200 but was 400'),
      }),
    ]);
    expect(contractBreaksMarkdown(section)).toContain('**no: undocumented break**');
  });

  it('report an asset id sent as a string ("77401") as an undocumented break: spec §2 documents the id deprecated, not retyped', async () => {
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0', faults: ['media-asset-id-as-string'] }, new SecretRegistry());
    expect(section.exact).toBe(false);
    const undocumented = contractBreaksJson(section).breaks.filter((entry) => entry.outcome === 'broke' && !entry.documented);
    expect(undocumented).toEqual([expect.objectContaining({ endpoint: 'GET /rest/mp/v1.1/assets/{assetId}', documented: false, mismatch: expect.stringContaining('$.id') })]);
  });
});

describe('a break is a response that violates the contract', () => {
  const outcome = (mismatches: InteractionOutcome['mismatches']): InteractionOutcome => ({
    checkId: 'contract.job.jobs-search-by-user-id',
    description: 'a search for the active and pending jobs of a user by numeric user id',
    method: 'POST',
    path: '/dse/rest/v1.0/jobs/_search',
    states: [],
    state: 'failed',
    mismatches,
  });
  const verification = (outcomes: InteractionOutcome[]): SourceVerification => ({ source: platformPactSource('7.4'), outcomes, output: '', durationMs: 0 });

  it('an interaction the target never answered (timeout, reset) is not compared, with the reason, and no break', () => {
    const section = classifyContracts(verification([outcome([{ type: 'error', text: 'error sending request: connection reset by peer' }])]), '7.4', '8.0', 'staging');
    expect(section.counts).toMatchObject({ undocumentedBreaks: 0, documentedBreaks: 0, skipped: 1, unanswered: 1 });
    expect(section.interactions[0]?.reason).toMatch(/^not compared: no response to compare .*connection reset/);
    // Nothing compared is no verdict: the comparison is incomplete, not "exactly as documented".
    expect(section.exact).toBe(false);
    expect(contractBreaksSummaryLine(section)).toContain('NOT compared in full: 1 without a response from the target');
  });

  it('an interaction stopped before it reached the target (its provider state was not set up) is not compared, never a break', () => {
    const stopped = outcome([{ type: 'ProviderStateSetup', text: 'provider state "a virtual database exists": discovery: GET /rest/mp/v1.1/virtual-databases answered 500' }]);
    const section = classifyContracts(verification([stopped]), '7.4', '8.0', 'staging');
    expect(section.counts).toMatchObject({ undocumentedBreaks: 0, documentedBreaks: 0, skipped: 1 });
    expect(section.interactions[0]?.reason).toMatch(/^not compared: its provider state could not be set up \(/);
  });

  it('a response that violates the contract is still a break', () => {
    const section = classifyContracts(verification([outcome([{ type: 'StatusMismatch', text: 'expected 200 but was 400', expected: '200', actual: '400' }])]), '7.4', '8.0', 'staging');
    expect(section.counts.undocumentedBreaks).toBe(1);
  });
});
