/**
 * The live progress line, as a terminal sees it (the reporter's `tty`
 * option stands in for a pseudo-terminal): one line rewritten in place with
 * checks done / collected per target and the failures so far, cleared at
 * the end. The plain lines off a terminal are tested through the user's
 * command (test/cli/only-shard-progress.test.ts). The reporter runs in a
 * real vitest run of a fixture file.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startVitest, type TestCase, type TestModule } from 'vitest/node';
import { ProgressReporter, progressOptionsFor } from '../../src/report/progress-reporter.ts';

const root = new URL('../..', import.meta.url).pathname;

async function runFixture(tty: boolean): Promise<string> {
  let written = '';
  const reporter = new ProgressReporter({ tty, write: (text) => (written += text) });
  const sink = new PassThrough().resume();
  const vitest = await startVitest(
    'test',
    [],
    { config: false, root, run: true, watch: false, reporters: [reporter], include: ['test/fixtures/progress/*.fixture.ts'], name: 'fixture target' },
    {},
    { stdout: sink, stderr: sink },
  );
  await vitest.close();
  // The fixture fails on purpose; its run must not mark this test process as failed.
  process.exitCode = 0;
  return written;
}

describe('verify progress on a terminal', () => {
  it('rewrites one line in place (carriage return, erase line) and ends with it cleared', async () => {
    const written = await runFixture(true);
    const frames = written.split('\r\x1b[2K').filter((frame) => frame !== '');
    expect(written).not.toContain('\n');
    expect(frames).toContain('fixture target 3/3; 1 failed');
    expect(frames[0]).toBe('fixture target 0/3; 0 failed');
    expect(written.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('writes plain lines, one per finished file, off a terminal', async () => {
    expect(await runFixture(false)).toBe('progress: fixture target 3/3; 1 failed\n');
  });

  it('counts a check done once, though a cancelled run reports its result again as it ends', () => {
    let written = '';
    const reporter = new ProgressReporter({ tty: false, write: (text) => (written += text) });
    const test = { id: 'a', options: { mode: 'run' }, project: { name: 'fixture target' }, meta: () => ({}), result: () => ({ state: 'skipped' }) };
    const module = { children: { allTests: () => [test][Symbol.iterator]() } };
    reporter.onTestModuleCollected(module as unknown as TestModule);
    reporter.onTestCaseResult(test as unknown as TestCase);
    reporter.onTestCaseResult(test as unknown as TestCase);
    reporter.onTestModuleEnd(module as unknown as TestModule);
    expect(written).toBe('progress: fixture target 1/1; 0 failed\n');
  });

  it('counts a file whose results reach it before its collection does (vitest does not wait for the one before the other)', () => {
    let written = '';
    const reporter = new ProgressReporter({ tty: false, write: (text) => (written += text) });
    const passed = { id: 'p', options: { mode: 'run' }, project: { name: 'fixture target' }, meta: () => ({}), result: () => ({ state: 'passed' }) };
    const failed = { ...passed, id: 'f', result: () => ({ state: 'failed' }) };
    const module = { children: { allTests: () => [passed, failed][Symbol.iterator]() } };
    reporter.onTestCaseResult(passed as unknown as TestCase);
    reporter.onTestModuleEnd(module as unknown as TestModule);
    reporter.onTestModuleCollected(module as unknown as TestModule);
    expect(written).toBe('progress: fixture target 2/2; 1 failed\n');
  });

  it('is live only on a terminal outside CI', () => {
    const terminal = { isTTY: true, write: () => true } as unknown as NodeJS.WriteStream;
    const pipe = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
    expect(progressOptionsFor(terminal, {}).tty).toBe(true);
    expect(progressOptionsFor(terminal, { CI: 'true' }).tty).toBe(false);
    expect(progressOptionsFor(pipe, {}).tty).toBe(false);
  });
});
