/**
 * The embedded target keeps its sessions' token stores in a folder of its own: closing the target removes it, and so
 * does the end of a process that never closed it (a run stopped before its targets were up), so no stopped run leaves
 * a folder of tokens behind.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { startEmbeddedTarget } from '../../src/run-targets/embedded.ts';
import { fixtureRunResult } from '../support/fixture-run.ts';
import { HANG_TEST_TIMEOUT_MS } from '../support/hang-timeout.ts';

describe("the embedded target's state folder", () => {
  it('is removed at the end of the process when a task still under way wrote into it after the target closed', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const folder = (await fixtureRunResult('test/support/embedded-exit/run.ts', 'closed')) as string;
    expect(folder).toMatch(/upgrade-guard-/);
    expect(existsSync(folder), folder).toBe(false);
  });

  it('is removed when the target closes', async () => {
    const resolved = await startEmbeddedTarget(loadConfig({ env: {}, envFile: '/dev/null' }), { name: 'closed', version: '8.0', faults: [] });
    const folder = dirname(resolved.target.sessions.full?.storePath ?? '');
    expect(existsSync(folder)).toBe(true);
    await resolved.close();
    expect(existsSync(folder)).toBe(false);
  });

  it('is removed when the process ends without closing the target', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const folder = await fixtureRunResult('test/support/embedded-exit/run.ts', 'started');
    expect(typeof folder).toBe('string');
    expect(existsSync(folder as string)).toBe(false);
  });

  it('is removed when the process ends while the folder is being made', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const { own, made } = (await fixtureRunResult('test/support/embedded-exit/run.ts', 'making')) as { own: string; made: string[] };
    try {
      // The process saw the folder, then ended: nothing of it is left.
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(/^upgrade-guard-/);
      expect(readdirSync(own)).toEqual([]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
