/**
 * The simulator's `removedEndpoints: 'gone'` option (`npm run sim --
 * --removed-endpoints gone`): an 8.0 instance answers the endpoints 8.0
 * removed with 410 Gone (RFC 9110 §15.5.11), which keeps the spec. The
 * lifecycle's `…gone` checks pass against it, each having seen the 410.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunResults } from '../../src/runner/results.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { createPlatform } from '../../simulator/platform.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const run = promisify(execFile);
let results: RunResults;

beforeAll(async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'ug-gone-')), 'results.json');
  await run(process.execPath, [...loadTypeScript, 'test/support/removed-endpoints/run-lifecycles.ts', out], { timeout: HANG_TIMEOUT_MS, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } });
  results = JSON.parse(readFileSync(out, 'utf8')) as RunResults;
}, HANG_TEST_TIMEOUT_MS);

describe('removed endpoints answering 410 Gone', () => {
  it('the simulator answers a removed 8.0 route 410, and 7.4 keeps it', async () => {
    const gone = createPlatform({ version: '8.0', removedEndpoints: 'gone' });
    const path = '/wp/rest/user/write/attachments';
    // Without a token the bearer guard answers first; a removed route has no guard, so the status is the route's.
    expect((await gone.inject({ method: 'GET', url: path })).status).toBe(410);
    expect((await createPlatform({ version: '8.0' }).inject({ method: 'GET', url: path })).status).toBe(404);
    expect((await createPlatform({ version: '7.4', removedEndpoints: 'gone' }).inject({ method: 'GET', url: path })).status).not.toBe(410);
  });

  it('passes every …gone check, each having seen 410', () => {
    expect(results.errors).toEqual([]);
    const gone = results.checks.filter((check) => check.id.endsWith('.gone'));
    expect(gone.map((check) => check.id).sort()).toEqual([
      'job.grid-rows-delete.gone',
      'media.archive-entries-asset.gone',
      'template-builder.attachment-external-ids.gone',
      'template-builder.user-write-attachments.gone',
    ]);
    for (const check of gone) {
      expect(check.state, `${check.id}: ${check.error ?? check.note ?? ''}`).toBe('passed');
      // A "removed/deprecated" row (spec §4.4) says which of the two it saw: `removed: HTTP 410`.
      expect(check.observed, check.id).toMatch(/^(removed: HTTP )?410\b/);
    }
    expect(results.checks.filter((check) => check.state === 'failed').map((check) => check.id)).toEqual([]);
  });
});
