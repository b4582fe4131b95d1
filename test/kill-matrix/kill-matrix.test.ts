/**
 * The kill matrix (DESIGN.md "A check that has never failed is not a
 * check"): every suite runs against the clean embedded platform, and each
 * named fault runs against the suite files it can reach. Under a fault exactly the checks that declare it
 * (`killedBy`, where the check is defined; see declared.ts) fail, those that
 * declare it in `observedBy` turn into a skip with its reason, and
 * everything else passes; every check is killed by some fault. Under each
 * quirk (a behaviour the spec allows, simulator/faults/quirks.ts) every
 * check ends as it ends on the clean platform. A fault or quirk run runs
 * only the suite files its traces show it can reach (suite-trace.ts); the
 * others' checks are judged with their clean results, and the traces are
 * checked here too.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { faultCatalog, faultNames } from '../../simulator/faults/index.ts';
import { configVariables } from '../../src/config/variables.ts';
import type { PlatformVersion } from '../../src/profile/versions.ts';
import type { CheckResult } from '../../src/runner/results.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { declaredChecks, declaredFaults } from './declared.ts';
import type { MatrixResults } from './matrix-results.ts';
import { cleanProject, faultRuns, quirkRuns } from './plan.ts';
import { traceProject } from './suite-trace.ts';
import { runsFile } from '../../src/run-targets/run-plan.ts';
import { fileAreas, type SuiteName } from '../../src/runner/suite-selection.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const run = promisify(execFile);

let results: MatrixResults;

/** A run's checks, with the clean results of the files it left out (suite-trace.ts: they end as they end clean). */
function checksOf(project: string): CheckResult[] {
  const ran = results.checks.filter((check) => check.project === project);
  const planned = results.plan.find((target) => target.name === project);
  if (!planned?.files) return ran;
  const carried = results.checks.filter((check) => check.project === cleanProject(planned.version) && !runsFile(planned, check.file));
  return [...ran, ...carried.map((check) => ({ ...check, project }))];
}

function idsIn(project: string, state: CheckResult['state']): string[] {
  return checksOf(project)
    .filter((check) => check.state === state)
    .map((check) => check.id)
    .sort();
}

/** The contract suite's checks of a run (the Pact verifier's verdicts). */
function contractChecksOf(project: string): CheckResult[] {
  return checksOf(project).filter((check) => check.file.endsWith('suites/contracts/contracts.test.ts'));
}

beforeAll(async () => {
  // KILL_MATRIX_RESULTS=FILE judges an earlier run-matrix.ts result instead of running the matrix again.
  const earlier = process.env.KILL_MATRIX_RESULTS;
  if (earlier) {
    results = JSON.parse(await readFile(earlier, 'utf8')) as MatrixResults;
    return;
  }
  const out = join(await mkdtemp(join(tmpdir(), 'ug-kill-matrix-')), 'results.json');
  const env: NodeJS.ProcessEnv = { ...process.env, PACT_DO_NOT_TRACK: 'true' };
  for (const name of configVariables) delete env[name];
  await run(process.execPath, [...loadTypeScript, 'test/kill-matrix/run-matrix.ts', out], {
    env,
    // Only catches a hang: the run ends by itself (every check and hook has its own timeout, run-matrix.ts).
    timeout: HANG_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  results = JSON.parse(await readFile(out, 'utf8')) as MatrixResults;
}, HANG_TEST_TIMEOUT_MS);

describe('kill matrix', () => {
  it('ran without errors outside checks', () => {
    expect(results.errors).toEqual([]);
  });

  for (const version of ['7.4', '8.0'] as const) {
    it(`the clean ${version} platform passes every check (skips only with a reason)`, () => {
      const project = cleanProject(version);
      expect(checksOf(project).length).toBeGreaterThan(0);
      expect(idsIn(project, 'failed')).toEqual([]);
      for (const skipped of checksOf(project).filter((check) => check.state === 'skipped')) {
        expect(skipped.note, `${skipped.id} skipped without a reason`).toBeTruthy();
      }
    });
  }

  it('holds every check in a suite folder of its area, a module\'s in its module\'s folder, as `verify --suites` and `--only` rely on (src/runner/suite-selection.ts)', () => {
    const suiteOf = (file: string): SuiteName | undefined => /(?:^|\/)suites\/([^/]+)\//.exec(file)?.[1] as SuiteName | undefined;
    const misplaced = results.checks.filter((check) => !fileAreas(check.file).includes(check.id.split('.')[0] ?? '')).map((check) => `${check.file}: ${check.id}`);
    // Every area but conformance's (no vendor documents here) is met.
    expect(new Set(results.checks.map((check) => suiteOf(check.file)))).toEqual(new Set(['auth', 'modules', 'contracts']));
    expect([...new Set(misplaced)]).toEqual([]);
  });

  describe.each(['7.4', '8.0'] as const)('the suite trace of %s', (version) => {
    it('traced every suite file of the clean run, the contracts included, and each file ended there as in the clean run', () => {
      const traced = results.suiteTraces.filter((trace) => trace.version === version).map((trace) => trace.file);
      // The contract suite's verdicts are the Pact verifier's: its trace verified the same interactions.
      expect(contractChecksOf(cleanProject(version)).length).toBeGreaterThan(0);
      const clean = checksOf(cleanProject(version));
      expect([...new Set(clean.map((check) => check.file))].filter((file) => !traced.includes(file)), 'files the trace did not run').toEqual([]);
      const traceVerdicts = Object.fromEntries(
        results.traceChecks.filter((check) => check.project === traceProject(version, check.file)).map((check) => [check.id, check.state]),
      );
      expect(traceVerdicts).toEqual(Object.fromEntries(clean.map((check) => [check.id, check.state])));
    });

    it('runs each fault and quirk on exactly the files whose trace asked about it', () => {
      const wrong: string[] = [];
      for (const target of results.plan.filter((candidate) => candidate.version === version && candidate.faults.length === 1)) {
        if (results.everyFile && target.files === undefined) continue;
        const deviation = target.faults[0] ?? '';
        const expected = results.suiteTraces.filter((trace) => trace.version === version && (trace.consulted as readonly string[]).includes(deviation)).map((trace) => trace.file).sort();
        if (JSON.stringify([...(target.files ?? ['every file'])].sort()) !== JSON.stringify(expected)) wrong.push(`${target.name}: ran ${target.files?.join(', ') ?? 'every file'}; asked by ${expected.join(', ') || 'none'}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  it('every fault of the simulator is declared by some check (killedBy or observedBy)', () => {
    // That every declared fault exists, the type says: declarations are FaultRefs of the simulator's FaultName.
    const declared = declaredFaults(results);
    expect(faultNames.filter((fault) => !declared.has(fault)), 'faults no check declares').toEqual([]);
  });

  it('gives every fault of the simulator at least one check to kill or observe', () => {
    for (const fault of faultNames) {
      const named = faultCatalog[fault].versions.flatMap((version) => [
        ...declaredChecks(results, 'killedBy', fault, version),
        ...declaredChecks(results, 'observedBy', fault, version),
      ]);
      expect(named.length, `${fault} is seen by no check`).toBeGreaterThan(0);
    }
  });

  it('every declaration is exercised: each declared fault runs on a version where its check passes clean', () => {
    // A definition may be shared by both versions (a contract interaction); a ref then needs to hold on one of them.
    const declared = new Map<string, { passedOn: PlatformVersion[]; refs: Set<string> }>();
    for (const version of ['7.4', '8.0'] as const) {
      for (const check of checksOf(cleanProject(version)).filter((candidate) => candidate.state === 'passed')) {
        const entry = declared.get(check.id) ?? { passedOn: [], refs: new Set<string>() };
        entry.passedOn.push(version);
        for (const ref of [...(check.killedBy ?? []), ...(check.observedBy ?? [])]) entry.refs.add(ref);
        declared.set(check.id, entry);
      }
    }
    const dead: string[] = [];
    for (const [id, { passedOn, refs }] of declared) {
      for (const ref of refs) {
        const exercised = faultRuns().some((run) => passedOn.includes(run.version) && (ref === run.fault || ref === `${run.fault}@${run.version}`));
        if (!exercised) dead.push(`${id}: ${ref}`);
      }
    }
    expect(dead, 'declared faults that no fault run of a version the check passes on can check').toEqual([]);
  });

  for (const version of ['7.4', '8.0'] as const) {
    it(`every check that runs on clean ${version} is killed (or, for observations, observed) by at least one fault`, () => {
      const cleanSkipped = new Set(idsIn(cleanProject(version), 'skipped'));
      const seenHere = new Set(
        faultRuns()
          .filter((faultRun) => faultRun.version === version)
          .flatMap((faultRun) => [
            ...idsIn(faultRun.project, 'failed'),
            ...checksOf(faultRun.project)
              .filter((check) => check.state === 'skipped' && !cleanSkipped.has(check.id) && (check.note ?? '').startsWith('observation:'))
              .map((check) => check.id),
          ]),
      );
      const unseen = idsIn(cleanProject(version), 'passed').filter((id) => !seenHere.has(id));
      expect(unseen, 'checks no fault can make fail').toEqual([]);
    });
  }

  describe.each(faultRuns())('$fault on $version', ({ fault, version, project }) => {
    it('fails exactly the named checks, observes the named observations, and passes all others', () => {
      const ranClean = new Set(idsIn(cleanProject(version), 'passed'));
      const expected = declaredChecks(results, 'killedBy', fault, version);
      const observed = declaredChecks(results, 'observedBy', fault, version);
      expect(expected.length + observed.length, `${fault} names no check that runs on ${version}`).toBeGreaterThan(0);
      expect(idsIn(project, 'failed')).toEqual(expected);
      const newlySkipped = checksOf(project).filter((check) => check.state === 'skipped' && ranClean.has(check.id));
      expect(newlySkipped.map((check) => check.id).sort()).toEqual(observed);
      // Mostly "observation: …"; a fault may also remove a check's premise (login-challenge-skipped: no second user), and the skip says so.
      for (const skipped of newlySkipped) expect(skipped.note ?? '', `${skipped.id} skipped without a reason`).not.toBe('');
      // Every check of the clean run ended under the fault: none of the files it ran lost a check.
      expect(checksOf(project).map((check) => check.id).sort()).toEqual(checksOf(cleanProject(version)).map((check) => check.id).sort());
      const cleanSkips = idsIn(cleanProject(version), 'skipped');
      expect(idsIn(project, 'skipped').filter((id) => !observed.includes(id))).toEqual(cleanSkips);
    });
  });

  describe.each(quirkRuns())('quirk $quirk on $version', ({ quirk, version, project }) => {
    it('passes and skips exactly what the clean platform passes and skips', () => {
      expect(results.checks.filter((check) => check.project === project).length, `${project} ran no check`).toBeGreaterThan(0);
      expect(idsIn(project, 'failed')).toEqual([]);
      expect(idsIn(project, 'skipped')).toEqual(idsIn(cleanProject(version), 'skipped'));
      expect(idsIn(project, 'passed')).toEqual(idsIn(cleanProject(version), 'passed'));
    });

    // What the quirk is there to show, beyond "nothing fails": the retries were made and said, the leeway reported.
    if (quirk === 'module-get-reset-once') {
      it("reports the Pact verifier's retried requests as flaky contract checks", () => {
        expect(contractChecksOf(project).filter((check) => check.retried !== undefined).length).toBeGreaterThan(0);
      });
    }
    if (quirk === 'expired-token-grace') {
      it('reports the acceptance past expires_in as an observation of the expiry check', () => {
        const expiry = checksOf(project).find((check) => check.id === 'auth.expired-token-403');
        expect(expiry?.observed).toMatch(/; accepted \d+\.\ds past expires_in, within EXPIRY_LEEWAY_S=\d+s$/);
      });
    }
  });
});
