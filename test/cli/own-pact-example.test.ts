/**
 * A team's own pact, verified as a user does it: `PACT_URLS=examples/…json
 * npm run verify -- --only 'contract.own*'` against both embedded versions.
 * The example pact keeps 7.4 but for the endpoints 8.0 adds and a path no
 * version has; on 8.0 it breaks where `npm run impact` says it will. Each
 * failure line carries the verifier's mismatches, not only the contract's
 * name.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { npmRunVerify } from '../support/verify-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
const pact = 'examples/campaign-planner-marketing-platform.json';

const interactions = [
  'a request for the workflow steps of a virtual database',
  'a shop search for flyers',
  'a request for the last used view of a user',
  'a request for a job object',
  'a request for the asset attributes',
  'a request for the variables of a template',
  'a request to link attachments by external id',
  'a request for the virtual databases',
  'a request to create a review object',
  'a request for the node type icon',
] as const;

/** What breaks per version: on 7.4 what 8.0 adds and the path nobody serves; on 8.0 the blocking calls, the renamed flag and that path. */
const breaks: Readonly<Record<'7.4' | '8.0', readonly (typeof interactions)[number][]>> = {
  '7.4': ['a request for the last used view of a user', 'a request for the variables of a template', 'a request for the virtual databases'],
  '8.0': [
    'a shop search for flyers',
    'a request to link attachments by external id',
    'a request for the virtual databases',
    'a request to create a review object',
    'a request for the node type icon',
  ],
};

/**
 * The ids of the modules vitest's transform cache keeps on disk (src/runner/module-cache.ts): each entry ends with
 * its metadata, a flattened JSON array whose first item points to the id's place.
 */
function cachedModuleIds(): string[] {
  const cache = new URL('../../node_modules/.experimental-vitest-cache/', import.meta.url);
  const marker = '\n//# vitestCache=';
  return readdirSync(cache, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .filter((text) => text.includes(marker))
    .map((text) => {
      const flattened: unknown = JSON.parse(Buffer.from(text.slice(text.lastIndexOf(marker) + marker.length), 'base64').toString('utf8'));
      const [metadata] = Array.isArray(flattened) ? flattened : [];
      const at = typeof metadata === 'object' && metadata !== null && 'id' in metadata ? Number(metadata.id) : Number.NaN;
      return Array.isArray(flattened) ? String(flattened[at]) : '';
    });
}

function checkId(description: string): string {
  return `contract.own.campaign-planner.${description.replace(/ /g, '-')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('the example pact as PACT_URLS', () => {
  it('breaks where 8.0 breaks it, each failure with the verifier\'s mismatches', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'ug-own-pact-'));
    const outcome = await npmRunVerify(['--only', 'contract.own*'], { PACT_URLS: pact, REPORTS_DIR: reports }, COMMAND_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(1);
    for (const version of ['7.4', '8.0'] as const) {
      expect(outcome.stdout).toMatch(new RegExp(`FAIL embedded ${escapeRegExp(version)} +${interactions.length - breaks[version].length} passed, ${breaks[version].length} failed`));
      for (const description of interactions) {
        const failure = new RegExp(`✗ embedded ${escapeRegExp(version)} ${escapeRegExp(checkId(description))}: the target breaks the contract "${escapeRegExp(description)}":\\n +(StatusMismatch|BodyMismatch)\\S* \\S`);
        if (breaks[version].includes(description)) expect(outcome.stdout, `${version}: ${description}`).toMatch(failure);
        else expect(outcome.stdout, `${version}: ${description}`).not.toContain(`✗ embedded ${version} ${checkId(description)}:`);
      }
    }
    // The team's verdicts reach the contract suite's worker as a module the run serves (src/runner/run-setup.ts): none
    // is kept in vitest's transform cache in node_modules.
    const cached = cachedModuleIds();
    expect(cached.filter((id) => id.includes('contract-verification'))).toEqual([]);
    expect(cached.some((id) => id.endsWith('suites/contracts/contracts.test.ts'))).toBe(true);
  }, HANG_TEST_TIMEOUT_MS);
});
