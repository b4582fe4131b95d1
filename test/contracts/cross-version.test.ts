/**
 * The cross-version run end to end, in process: the 7.4 contracts verified
 * against an embedded 8.0 platform (createPlatform, through the embedded
 * target) with the Pact verifier.
 * - clean, the breaks are exactly the documented ones;
 * - under a fault that adds an undocumented 8.0 break (the deprecated
 *   `userId` of the job search refused), that break shows up as undocumented.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { runCrossVersion } from '../../src/contracts/cross-version.ts';
import { contractBreaksJson, contractBreaksMarkdown } from '../../src/contracts/contract-breaks.ts';

const config = loadConfig({ env: {}, envFile: '/dev/null' });

describe('7.4 contracts against 8.0', () => {
  it('on the clean platform, break exactly where the catalog documents a break', async () => {
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0' });
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
  });

  it('report a fault that refuses the deprecated userId as an undocumented break', async () => {
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0', faults: ['job-deprecated-user-id-rejected'] });
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
});
