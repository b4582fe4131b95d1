/** `verify --suites`: the names are the folders under suites/, and a bad list is a USAGE error. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isUpgradeGuardError } from '../../src/errors.ts';
import { parseSuiteSelection, suiteFilters, suiteNames } from '../../src/runner/suite-selection.ts';

describe('suite selection', () => {
  it('names exactly the folders under suites/', () => {
    const folders = readdirSync(new URL('../../suites/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...suiteNames].sort()).toEqual(folders.sort());
  });

  it('reads a comma-separated list into folder filters', () => {
    expect(suiteFilters(parseSuiteSelection('auth, contracts,auth'))).toEqual(['suites/auth/', 'suites/contracts/']);
  });

  for (const list of ['', ' , ', 'auth,oauth']) {
    it(`refuses "${list}" as USAGE`, () => {
      let error: unknown;
      try {
        parseSuiteSelection(list);
      } catch (caught) {
        error = caught;
      }
      expect(isUpgradeGuardError(error) && error.code).toBe('USAGE');
    });
  }
});
