/**
 * Reads a run-matrix.ts result file and prints, per fault run, what failed
 * or turned into an observation against what the checks declare (their
 * `killedBy` / `observedBy`, carried by the clean runs): the tool for writing
 * a check's fault declarations. Usage: tsx test/kill-matrix/explain.ts RESULTS.json
 */
import { readFile } from 'node:fs/promises';
import type { RunResults } from '../../src/runner/results.ts';
import { declaredChecks } from './declared.ts';
import { cleanProject, faultRuns } from './plan.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: explain.ts RESULTS.json\n');
  process.exit(64);
}
const results = JSON.parse(await readFile(file, 'utf8')) as RunResults;
const projects = new Set(results.checks.map((check) => check.project));
const ids = (project: string, state: string): string[] =>
  results.checks.filter((check) => check.project === project && check.state === state).map((check) => check.id).sort();

for (const version of ['7.4', '8.0'] as const) {
  const clean = cleanProject(version);
  if (!projects.has(clean)) continue;
  const failed = results.checks.filter((check) => check.project === clean && check.state === 'failed');
  process.stdout.write(`${clean}: ${ids(clean, 'passed').length} passed, ${failed.length} failed, ${ids(clean, 'skipped').length} skipped\n`);
  for (const check of failed) process.stdout.write(`  FAILED ${check.id}: ${(check.error ?? '').split('\n')[0]}\n`);
  for (const check of results.checks.filter((c) => c.project === clean && c.state === 'skipped')) process.stdout.write(`  skipped ${check.id}: ${check.note ?? ''}\n`);
}
for (const run of faultRuns()) {
  if (!projects.has(run.project)) continue;
  const cleanSkipped = new Set(ids(cleanProject(run.version), 'skipped'));
  const failed = ids(run.project, 'failed');
  const observed = ids(run.project, 'skipped').filter((id) => !cleanSkipped.has(id));
  const wantFailed = declaredChecks(results, 'killedBy', run.fault, run.version);
  const wantObserved = declaredChecks(results, 'observedBy', run.fault, run.version);
  const ok = JSON.stringify(failed) === JSON.stringify(wantFailed) && JSON.stringify(observed) === JSON.stringify(wantObserved) && failed.length + observed.length > 0;
  process.stdout.write(`${ok ? 'ok  ' : 'DIFF'} ${run.project}\n  failed:   ${failed.join(', ') || '-'}\n  expected: ${wantFailed.join(', ') || '-'}\n`);
  if (observed.length > 0 || wantObserved.length > 0) process.stdout.write(`  observed: ${observed.join(', ') || '-'}\n  expected observations: ${wantObserved.join(', ') || '-'}\n`);
}
for (const error of results.errors) process.stdout.write(`ERROR ${error}\n`);
