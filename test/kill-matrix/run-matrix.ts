/**
 * Child process of the kill matrix: traces which faults each suite file of
 * each version asks about, the contract suite's verification included
 * (suite-trace.ts), then runs every suite against the
 * clean platform and, against each fault, the files the traces show it can
 * reach, in one vitest run with one project holding every run target, and
 * writes the per-check results, the plan and the traces as JSON.
 * Usage: tsx test/kill-matrix/run-matrix.ts OUT.json [--every-file] [FAULT|QUIRK ...]
 * (naming only faults runs no quirk; naming only quirks runs no fault).
 * `--every-file` runs every suite file under every fault, whatever the
 * traces say: the check of their premise (suite-trace.ts), for a change to
 * how the suites share data.
 */
import { writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../src/config/config.ts';
import { runSuites } from '../../src/runner/run-suites.ts';
import { SetupFailures } from '../../src/run-targets/setup-failures.ts';
import { isFaultName, isQuirkName } from '../../simulator/faults/index.ts';
import type { MatrixResults } from './matrix-results.ts';
import { killMatrixPlan } from './plan.ts';
import { failedSetup, filesReachedBy, setupFailureErrors, traceSuites, tracedSuiteFiles } from './suite-trace.ts';

const [out, ...rest] = process.argv.slice(2);
const everyFile = rest.includes('--every-file');
const only = rest.filter((arg) => arg !== '--every-file');
if (!out) {
  process.stderr.write('usage: run-matrix.ts OUT.json [FAULT ...]\n');
  process.exit(64);
}
const faults = only.filter(isFaultName);
const quirks = only.filter(isQuirkName);
const subset = only.length > 0;
// The matrix judges the embedded platform with the defaults; a developer's .env and environment must not redirect it.
// The embedded platform has no clock-skew leeway: a faulted expiry check need not probe for the default 30 s.
// REQUEST_TIMEOUT_MS only catches hangs here: on a busy runner an answer of the in-process platform may wait
// seconds for a CPU, and no verdict depends on the value (it also raises the per-check timeouts, suites-config.ts).
const config = loadConfig({ env: { EXPIRY_LEEWAY_S: '2', REQUEST_TIMEOUT_MS: '60000' }, envFile: '/dev/null' });
// vitest's own output is kept (its tail only) to explain a run in which no check ran.
let vitestSaid = '';
const vitestOutput = new PassThrough();
vitestOutput.on('data', (chunk: Buffer) => {
  vitestSaid = (vitestSaid + chunk.toString('utf8')).slice(-4000);
});
const versions = ['7.4', '8.0'] as const;
const suiteTrace = await traceSuites(config, versions, await tracedSuiteFiles(), vitestOutput);
// A trace run with errors may have missed a question: every fault run then runs every file.
const suiteTraces = suiteTrace.results.errors.length === 0 ? suiteTrace.traces : undefined;
const plan = killMatrixPlan(subset ? faults : undefined, everyFile ? () => undefined : filesReachedBy(suiteTraces), subset ? quirks : undefined);
// A refused or failed login ends the run's setup (runSuites rejects): its coded error says why no check ran.
const setupFailures = new SetupFailures();
const results = await runSuites({ config, plan, reporters: [], allure: false, vitestOutput, setupFailures }).catch(failedSetup(setupFailures));
const noCheck = results.checks.length > 0 ? [] : [`no check ran; vitest said: ${vitestSaid.trim() || '(nothing)'}`];
const errors = [...results.errors, ...setupFailureErrors(setupFailures), ...noCheck];
const traceErrors = suiteTrace.results.errors.map((error) => `suite trace: ${error}`);
const matrix: MatrixResults = { ...results, errors: [...traceErrors, ...errors], plan, everyFile, suiteTraces: suiteTrace.traces, traceChecks: suiteTrace.results.checks };
await writeFile(out, JSON.stringify(matrix));
// Failing checks are the point of the matrix; the parent judges the results. Exit at once: a run that broke
// under load once left the platforms of a failed setup listening, and the parent waited for nothing.
process.exit(0);
