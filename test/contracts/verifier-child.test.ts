/**
 * verify starts the contract-breaks step's verifier child ahead, while its
 * own start leaves a core idle. The child verifies the request it
 * is sent later exactly as a child started for it would, a verification
 * that the run's deadline cut into says so, and a child that is never sent
 * one does not outlive its run.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { compareContracts, runCrossVersion } from '../../src/contracts/cross-version.ts';
import { startVerifierChild } from '../../src/contracts/quiet-verification.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { runTimedOut } from '../../src/errors.ts';
import { RunPermits } from '../../src/http/run-permits.ts';
import { startEmbeddedTarget } from '../../src/run-targets/embedded.ts';
import { openSessions } from '../../src/run-targets/sessions.ts';

const config = loadConfig({ env: {}, envFile: '/dev/null' });
const root = new URL('../..', import.meta.url).pathname;

/** Whether a process is still there: gone, or a zombie waiting to be reaped, is not. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resolves once `pid` has ended; the test's own timeout is the hang catcher, not a measure. */
async function ended(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a verifier child started ahead', () => {
  it('verifies the comparison it is sent later: every interaction answered, the breaks exactly the documented ones', async () => {
    const child = startVerifierChild({ jobs: 1 });
    const section = await runCrossVersion(config, { from: '7.4', to: '8.0' }, new SecretRegistry(), child);
    // The same verdicts as a child started for the request (test/contracts/cross-version.test.ts): exact, nothing skipped.
    expect(section.exact).toBe(true);
    expect(section.counts).toMatchObject({ total: 14, documentedBreaks: 7, undocumentedBreaks: 0, unbrokenDocumentedBreaks: 0, skipped: 0 });
    expect(child.pid).toBeDefined();
    // It serves the run until its owner closes it.
    expect(alive(child.pid ?? 0)).toBe(true);
    child.close();
    await ended(child.pid ?? 0);
  });

  it('verifies two requests at once, each answered with its own verdicts, and ends once closed', async () => {
    // verify's run shares one child between the contract suite's verification and the contract-breaks step's.
    const child = startVerifierChild({ jobs: 2 });
    const [first, second] = await Promise.all([
      runCrossVersion(config, { from: '7.4', to: '8.0' }, new SecretRegistry(), child),
      runCrossVersion(config, { from: '7.4', to: '8.0', faults: ['job-deprecated-user-id-rejected'] }, new SecretRegistry(), child),
    ]);
    expect(first.exact).toBe(true);
    expect(first.counts).toMatchObject({ total: 14, documentedBreaks: 7, undocumentedBreaks: 0, skipped: 0 });
    // The other target refuses the deprecated userId (test/contracts/cross-version.test.ts): that break is its alone.
    expect(second.counts).toMatchObject({ total: 14, undocumentedBreaks: 1, skipped: 0 });
    expect(alive(child.pid ?? 0)).toBe(true);
    child.close();
    await ended(child.pid ?? 0);
    await expect(child.verify({ jobs: [] }, new SecretRegistry())).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('past RUN_TIMEOUT_S, a verification whose run permits are refused is cut off by the deadline, not the target silent', async () => {
    // Logged in while the run had time; then the run's permits are past their deadline, as at RUN_TIMEOUT_S.
    const resolved = await startEmbeddedTarget(config, { name: 'contracts 7.4 on 8.0', version: '8.0', faults: [] });
    const secrets = new SecretRegistry();
    // The child's signal is the run's deadline, as verify's is: it fires once the parent has refused the child's first
    // ask for a permit (an event, not a wait), as the deadline's own timer does right after its moment.
    const deadline = new AbortController();
    let refused = 0;
    const run = RunPermits.prototype.run;
    const spy = vi.spyOn(RunPermits.prototype, 'run').mockImplementation(function (this: RunPermits, task) {
      return run.call(this, task).catch((error: unknown) => {
        refused += 1;
        deadline.abort(runTimedOut(3));
        throw error;
      });
    });
    const child = startVerifierChild({ jobs: 1 }, deadline.signal);
    try {
      const sessions = await openSessions(resolved.target, secrets, () => undefined);
      RunPermits.share(4, { at: Date.now() - 1, seconds: 3 });
      // The refused request is never sent: the verification is the deadline's, never interactions read as the target's silence.
      await expect(compareContracts(sessions, '7.4', secrets, { child })).rejects.toMatchObject({ code: 'TARGET_TIMEOUT', runTimeoutSeconds: 3 });
      expect(refused).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
      RunPermits.withdraw();
      child.close();
      await resolved.close();
    }
    await ended(child.pid ?? 0);
  });

  it('ends when it is closed unused', async () => {
    const child = startVerifierChild({ jobs: 1 });
    expect(child.pid).toBeDefined();
    expect(alive(child.pid ?? 0)).toBe(true);
    child.close();
    await ended(child.pid ?? 0);
  });

  it('ends with a parent that ended without sending it a request', async () => {
    const printed = await new Promise<string>((resolve, reject) =>
      execFile('node', ['--import', 'tsx', 'test/support/verifier-parent.ts'], { cwd: root }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    const pid = Number(printed.trim());
    expect(pid).toBeGreaterThan(0);
    await ended(pid);
  });
});
