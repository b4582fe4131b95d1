/**
 * A night whose shards did not all finish still gets its merged report
 * (`npm run report`, .github/workflows/nightly.yml): a shard that
 * RUN_TIMEOUT_S cut off brings the checks that finished and makes the merge
 * exit as its verify did (TARGET_TIMEOUT), and a shard folder whose verify
 * ended before writing its results (a refused login) is named, failing the
 * merge (exit 1), without losing the other shards. A folder that does not
 * exist is a typo (CONFIG_INVALID), never a missing shard. The shards'
 * records are written here with the run record's own code; how a cut-off
 * verify writes its record is tested in verify-errors.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newRunRecord, writeRunRecord, type RunRecord } from '../../src/cli/run-record.ts';
import type { CheckResult } from '../../src/runner/results.ts';
import { expectOneCodedLine, npmRunReport, type VerifyOutcome } from '../support/verify-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-report-incomplete-'));
/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
const target = 'the EMBEDDED SIMULATOR, not a real target (no BASE_URL set)';
const targets = ['embedded 7.4', 'embedded 8.0'];

function passed(id: string): CheckResult {
  return { project: 'embedded 8.0', version: '8.0', file: 'suites/modules/planning/usergroups.test.ts', id, name: id, state: 'passed' };
}

const cutOffNote = "not run: the run's time ran out (RUN_TIMEOUT_S=20 s)";

/** A shard's REPORTS_DIR as verify leaves it: allure-results/, and run-results.json unless `record` is undefined. */
async function shardFolder(name: string, record: RunRecord | undefined): Promise<string> {
  const folder = join(dir, name);
  mkdirSync(join(folder, 'allure-results'), { recursive: true });
  if (record) await writeRunRecord(folder, record);
  return folder;
}

function recordedChecks(folder: string): string[] {
  const record = JSON.parse(readFileSync(join(folder, 'run-results.json'), 'utf8')) as RunRecord;
  return record.results.checks.map((check) => `${check.id} ${check.state}${check.note ? ` (${check.note})` : ''}`).sort();
}

let finished: string;
let cutOff: string;
let unfinished: string;
let mergedWithCutOff: VerifyOutcome;
let mergedWithUnfinished: VerifyOutcome;
let typo: VerifyOutcome;
let remerged: VerifyOutcome;
let nothing: VerifyOutcome;
let broken: VerifyOutcome[];

beforeAll(async () => {
  finished = await shardFolder('shard-1', newRunRecord({ target, targets, shard: { index: 1, count: 3 }, results: { checks: [passed('planning.usergroups-all')], errors: [] } }));
  cutOff = await shardFolder(
    'shard-2',
    newRunRecord({
      target,
      targets,
      shard: { index: 2, count: 3 },
      results: { checks: [passed('planning.view-all'), { ...passed('planning.fee-amounts-numeric'), state: 'skipped', note: cutOffNote }], errors: [] },
      // The contract-breaks step the deadline stopped: not run, never "not as documented".
      contractBreaks: { notRun: 'Contract breaks 7.4 → 8.0: not compared: the run did not finish within RUN_TIMEOUT_S=20 s' },
      cutOff: { runTimeoutSeconds: 20 },
    }),
  );
  unfinished = await shardFolder('shard-3', undefined);
  // Records no verify writes: a cutOff of null, and a run-results.json that is a folder.
  const nullCutOff = await shardFolder('null-cut-off', undefined);
  writeFileSync(join(nullCutOff, 'run-results.json'), JSON.stringify({ ...newRunRecord({ target, targets, results: { checks: [], errors: [] } }), cutOff: null }));
  const folderRecord = await shardFolder('folder-record', undefined);
  mkdirSync(join(folderRecord, 'run-results.json'));
  [mergedWithCutOff, mergedWithUnfinished, typo, nothing, ...broken] = await Promise.all([
    npmRunReport(['--out', join(dir, 'merged-all'), finished, cutOff, unfinished], COMMAND_TIMEOUT_MS),
    npmRunReport(['--out', join(dir, 'merged-1-3'), finished, unfinished], COMMAND_TIMEOUT_MS),
    npmRunReport(['--out', join(dir, 'merged-typo'), finished, join(dir, 'shard-4')], COMMAND_TIMEOUT_MS),
    npmRunReport(['--out', join(dir, 'merged-nothing'), unfinished], COMMAND_TIMEOUT_MS),
    npmRunReport(['--out', join(dir, 'merged-null'), nullCutOff], COMMAND_TIMEOUT_MS),
    npmRunReport(['--out', join(dir, 'merged-folder'), folderRecord], COMMAND_TIMEOUT_MS),
  ]);
  // The merged folder of an incomplete merge, merged again (a second --history run, a re-render).
  remerged = await npmRunReport(['--out', join(dir, 'remerged'), join(dir, 'merged-1-3')], COMMAND_TIMEOUT_MS);
}, HANG_TEST_TIMEOUT_MS);

describe('npm run report when not every shard finished', () => {
  it('a shard cut off by RUN_TIMEOUT_S: TARGET_TIMEOUT (4), its finished checks merged, every shard named', () => {
    const line = expectOneCodedLine(mergedWithCutOff, 'TARGET_TIMEOUT');
    expect(line).toContain('shard 2/3 (RUN_TIMEOUT_S=20 s)');
    expect(mergedWithCutOff.stdout).toMatch(/^ {2}SUBSET: INCOMPLETE: shard 2\/3 ran out of time \(RUN_TIMEOUT_S=20 s\); only its checks that finished$/m);
    expect(mergedWithCutOff.stdout).toMatch(/INCOMPLETE: shard 3\/3 missing/);
    expect(mergedWithCutOff.stdout).toContain(`INCOMPLETE: ${unfinished} holds no run-results.json`);
    expect(recordedChecks(join(dir, 'merged-all'))).toEqual([`planning.fee-amounts-numeric skipped (${cutOffNote})`, 'planning.usergroups-all passed', 'planning.view-all passed']);
    const merged = JSON.parse(readFileSync(join(dir, 'merged-all', 'run-results.json'), 'utf8')) as RunRecord;
    expect(merged.cutOff).toEqual({ runTimeoutSeconds: 20 });
    expect(mergedWithCutOff.stdout).toContain('Contract breaks 7.4 → 8.0: not compared: the run did not finish within RUN_TIMEOUT_S=20 s');
    expect(mergedWithCutOff.stdout).not.toContain('contract breaks not as documented');
    expect(mergedWithCutOff.stdout).toMatch(/^VERDICT: INCOMPLETE \(2 passed, 0 failed, 1 skipped\)/m);
  });

  it('a shard folder without results: exit 1, the other shards merged and reported', () => {
    expect(mergedWithUnfinished.code, mergedWithUnfinished.stderr).toBe(1);
    expect(mergedWithUnfinished.stdout).toContain(`INCOMPLETE: ${unfinished} holds no run-results.json: its verify ended before writing its results`);
    expect(mergedWithUnfinished.stdout).toContain('INCOMPLETE: shards 2/3, 3/3 missing');
    expect(recordedChecks(join(dir, 'merged-1-3'))).toEqual(['planning.usergroups-all passed']);
    expect(readFileSync(join(dir, 'merged-1-3', 'migration-report.md'), 'utf8')).toContain('INCOMPLETE');
  });

  it('a folder that does not exist is CONFIG_INVALID (2), naming it', () => {
    const line = expectOneCodedLine(typo, 'CONFIG_INVALID');
    expect(line).toContain(join(dir, 'shard-4'));
  });

  it('the merged folder of an incomplete merge stays incomplete when merged again: exit 1, the same lines', () => {
    expect(remerged.code, remerged.stderr).toBe(1);
    expect(remerged.stdout).toContain('INCOMPLETE: shards 2/3, 3/3 missing');
    expect(remerged.stdout).toContain(`INCOMPLETE: ${unfinished} holds no run-results.json`);
  });

  it('folders that all hold no results: CONFIG_INVALID (2), nothing to merge, saying why that may be', () => {
    const line = expectOneCodedLine(nothing, 'CONFIG_INVALID');
    expect(line).toContain(`nothing to merge: ${unfinished} holds no run-results.json (a verify that ended before writing its results`);
  });

  it('a run-results.json that is not a run record, or cannot be read, is CONFIG_INVALID (2), naming it', () => {
    for (const outcome of broken) expect(expectOneCodedLine(outcome, 'CONFIG_INVALID')).toContain('run-results.json');
  });
});

describe('npm run report of runs against the simulator and a real target', () => {
  it('is CONFIG_INVALID (2), naming both folders: the simulator\'s verdicts would read as the target\'s', async () => {
    const real = await shardFolder(
      'real-8.0',
      newRunRecord({ target: 'target https://staging.example.com (TARGET_VERSION 8.0)', targets: ['target 8.0'], results: { checks: [{ ...passed('planning.view-all'), project: 'target 8.0' }], errors: [] } }),
    );
    const line = expectOneCodedLine(await npmRunReport(['--out', join(dir, 'merged-mixed'), finished, real], COMMAND_TIMEOUT_MS), 'CONFIG_INVALID');
    expect(line).toContain(`${finished} is a run against the embedded simulator and ${real} one against a real target (target https://staging.example.com (TARGET_VERSION 8.0))`);
  }, HANG_TEST_TIMEOUT_MS);
});

describe('npm run report with --only', () => {
  it('a term no part matched: CONFIG_INVALID (2) when the merge is whole, the incomplete merge when a part was cut off', async () => {
    const only = 'planning.*,job.participants.*';
    const first = await shardFolder('only-1', newRunRecord({ target, targets, shard: { index: 1, count: 2 }, only, results: { checks: [passed('planning.view-all')], errors: [] } }));
    const whole = await shardFolder('only-2', newRunRecord({ target, targets, shard: { index: 2, count: 2 }, only, results: { checks: [passed('planning.usergroups-all')], errors: [] } }));
    const cut = await shardFolder('only-2-cut', newRunRecord({ target, targets, shard: { index: 2, count: 2 }, only, results: { checks: [], errors: [] }, cutOff: { runTimeoutSeconds: 20 } }));
    const [typoMerge, cutMerge] = await Promise.all([
      npmRunReport(['--out', join(dir, 'merged-only-whole'), first, whole], COMMAND_TIMEOUT_MS),
      npmRunReport(['--out', join(dir, 'merged-only-cut'), first, cut], COMMAND_TIMEOUT_MS),
    ]);
    expect(expectOneCodedLine(typoMerge, 'CONFIG_INVALID')).toContain('"job.participants.*" matched no check in the merged runs');
    // The cut-off part may have held the term's checks: the merge says it is incomplete, and exits as the part did.
    expect(expectOneCodedLine(cutMerge, 'TARGET_TIMEOUT')).toContain('shard 2/2 (RUN_TIMEOUT_S=20 s)');
  }, HANG_TEST_TIMEOUT_MS);
});
