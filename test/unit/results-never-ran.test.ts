/**
 * A check vitest never ran (the run was cancelled while its file was still
 * being collected, as the contract file is while it waits for its
 * verification, or its worker ended) is in the results as not run, never left
 * out: the counts, the migration report and a merge of shards keep it. A file
 * vitest never started is named, since its checks are known to no one.
 */
import { expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { neverRanNote } from '../../src/errors.ts';
import { collectResults } from '../../src/runner/results.ts';

/** The parts of vitest's reporter API that collectResults reads, for two checks of one file. */
function moduleWith(tests: readonly { readonly name: string; readonly state: 'passed' | 'pending' }[], file = 'suites/contracts/contracts.test.ts', state = 'passed'): TestModule {
  const project = { name: 'embedded 8.0' };
  const cases = tests.map((test) => ({ name: test.name, fullName: test.name, project, meta: () => ({}), result: () => ({ state: test.state, errors: [] }) }));
  return {
    project,
    relativeModuleId: file,
    state: () => state,
    errors: () => [],
    children: { allSuites: () => [][Symbol.iterator](), allTests: () => cases[Symbol.iterator]() },
  } as unknown as TestModule;
}

it('a check vitest never ran is skipped with its reason, beside the checks that ran', () => {
  const results = collectResults([moduleWith([{ name: 'ran [contract.run]', state: 'passed' }, { name: 'never ran [contract.job.my-active]', state: 'pending' }])], []);
  expect(results.checks.map((check) => [check.id, check.state, check.note])).toEqual([
    ['contract.run', 'passed', undefined],
    ['contract.job.my-active', 'skipped', neverRanNote],
  ]);
});

it('a file vitest never started is named as such: its checks are known to no report', () => {
  const results = collectResults([moduleWith([{ name: 'ran [auth.redirect-echo]', state: 'passed' }], 'suites/auth/a.test.ts'), moduleWith([], 'suites/modules/review/b.test.ts', 'pending'), moduleWith([], 'suites/modules/job/c.test.ts', 'queued')], []);
  expect(results.notStarted).toEqual(['suites/modules/review/b.test.ts', 'suites/modules/job/c.test.ts']);
  expect(collectResults([moduleWith([{ name: 'ran [auth.redirect-echo]', state: 'passed' }])], []).notStarted).toBeUndefined();
});
