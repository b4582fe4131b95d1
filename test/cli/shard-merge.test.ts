/**
 * Fan-out, as a CI matrix uses it: `npm run verify -- --shard 1/2` and
 * `--shard 2/2` on separate report folders, then `npm run report -- DIR DIR`,
 * must equal one `npm run verify` of the same selection, check for check
 * (target, id, state, skip note), and write the same summary, migration
 * report and contract-break report (timestamps and durations aside). The
 * selection (`--only job,auth`) keeps the three runs short and still spans
 * module, auth and contract checks, and the cross-version comparison, which
 * only the shard holding the contract suite makes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { npmRunReport, npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-shard-merge-'));
/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
const selection = ['--only', 'job,auth'];

function verify(name: string, args: readonly string[]): Promise<VerifyOutcome> {
  return npmRunVerify([...selection, ...args], { REPORTS_DIR: join(dir, name), TOKEN_STORE: join(dir, `${name}-state`, 'tokens.json') }, COMMAND_TIMEOUT_MS);
}

interface RecordedCheck {
  readonly project: string;
  readonly id: string;
  readonly state: string;
  readonly note?: string;
}

function checksOf(name: string): string[] {
  const record = JSON.parse(readFileSync(join(dir, name, 'run-results.json'), 'utf8')) as { results: { checks: RecordedCheck[] } };
  return record.results.checks.map((check) => JSON.stringify([check.project, check.id, check.state, check.note ?? null])).sort();
}

/** The summary block of a command's output, without durations and the lines that name its folder. */
function summaryOf(outcome: VerifyOutcome): string {
  const start = outcome.stdout.indexOf('upgrade-guard summary:');
  return outcome.stdout
    .slice(start)
    .split('\n')
    .filter((line) => !line.startsWith('Migration report:') && !line.startsWith('Allure report:'))
    .join('\n')
    .replace(/\[\d+ ms\]/g, '[… ms]')
    // Each run's embedded platform listens on a port of its own.
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:…')
    .trim();
}

/** A report file, without the times in it (when it was generated; the timestamps the target put in its error bodies). */
function fileOf(name: string, file: string): string {
  return (
    readFileSync(join(dir, name, file), 'utf8')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
      // A job's history and the users it names (a participant added) grow with every check that changes the job, and
      // which of those ran before the reading check differs between a run and its shards (files run concurrently): the
      // counts are data observed, not a verdict.
      .replace(/\b\d+ history items/g, '<n> history items')
      .replace(/\b\d+ users and <n> history items/g, '<n> users and <n> history items')
      // The authentication section says where each run's CAS answered (its own loopback port) and how long past
      // expires_in the expired token was refused: data observed per run, not a verdict.
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
      .replace(/\b\d+\.\ds after expires_in/g, '<s> after expires_in')
  );
}

let single: VerifyOutcome;
let shards: VerifyOutcome[];
let merged: VerifyOutcome;

beforeAll(async () => {
  [single, ...shards] = await Promise.all([verify('single', []), verify('shard-1', ['--shard', '1/2']), verify('shard-2', ['--shard', '2/2'])]);
  merged = await npmRunReport(['--out', join(dir, 'merged'), join(dir, 'shard-1'), join(dir, 'shard-2')], COMMAND_TIMEOUT_MS);
}, HANG_TIMEOUT_MS + HANG_TEST_TIMEOUT_MS);

describe('npm run report merges verify --shard 1/2 and 2/2 into one run', () => {
  it('each command finished as a clean run (exit 0)', () => {
    for (const outcome of [single, ...shards, merged]) expect(outcome.code, `${outcome.stdout}\n${outcome.stderr}`).toBe(0);
  });

  it('the shards are disjoint parts, each saying it is one', () => {
    const [first, second] = [checksOf('shard-1'), checksOf('shard-2')];
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    expect(first.filter((check) => second.includes(check))).toEqual([]);
    expect(shards[0]?.stdout).toContain('SUBSET: shard 1/2');
    expect(shards[1]?.stdout).toContain('SUBSET: shard 2/2');
  });

  it('merged equals the single run, check for check (target, id, state, note)', () => {
    expect(checksOf('merged')).toEqual(checksOf('single'));
    expect(checksOf('single').some((check) => check.includes('"contract.job.'))).toBe(true);
  });

  it('the merged summary is the single run\'s, and says the run was a subset (--only)', () => {
    expect(summaryOf(merged)).toEqual(summaryOf(single));
    expect(summaryOf(merged)).toContain('SUBSET: only the checks matching --only job,auth');
    expect(summaryOf(merged)).toMatch(/Contract breaks 7\.4 → 8\.0/);
  });

  it('the merged migration report and contract-break report are the single run\'s', () => {
    for (const file of ['migration-report.json', 'migration-report.md', 'migration-report.html', 'contract-breaks.json', 'contract-breaks.md']) {
      expect(fileOf('merged', file), file).toEqual(fileOf('single', file));
    }
  });
});
