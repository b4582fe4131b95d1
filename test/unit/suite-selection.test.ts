/**
 * `verify --suites`: the names are the folders under suites/; an empty list is USAGE, a name of no suite CONFIG_INVALID. A `--only` leaves out
 * every suite of which it can select no check (the contract suite's provider verification would send the target
 * requests for checks the run never reports), and keeps one of which it may select one. Named suites none of whose
 * checks the selection can reach are refused before anything runs.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isUpgradeGuardError } from '../../src/errors.ts';
import { checkMatcher, maySelectArea, parseCheckSelection } from '../../src/check/check-selection.ts';
import { fileAreas, fileMayHoldSelected, parseSuiteSelection, suiteAreas, suiteFilters, suiteNames, suitesOfSelection } from '../../src/runner/suite-selection.ts';

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

  const refusal = (list: string): unknown => {
    try {
      parseSuiteSelection(list);
    } catch (error) {
      return isUpgradeGuardError(error) && [error.code, error.message];
    }
    return 'accepted';
  };

  for (const list of ['', ' , ']) {
    it(`refuses "${list}" as USAGE`, () => {
      expect(refusal(list)).toEqual(['USAGE', '--suites needs one or more of auth, modules, contracts, conformance']);
    });
  }

  it('refuses a name of no suite as CONFIG_INVALID, offering only a name a slip away', () => {
    expect(refusal('auth,modlues')).toEqual(['CONFIG_INVALID', '--suites: no suite "modlues"; did you mean "modules"? (known: auth, modules, contracts, conformance)']);
    expect(refusal('oauth')).toEqual(['CONFIG_INVALID', '--suites: no suite "oauth"; did you mean "auth"? (known: auth, modules, contracts, conformance)']);
    expect(refusal('xyz')).toEqual(['CONFIG_INVALID', '--suites: no suite "xyz" (known: auth, modules, contracts, conformance)']);
  });
});

describe('suites of an --only selection', () => {
  it('are every suite without --only, or the named ones', () => {
    expect(suitesOfSelection(undefined, undefined)).toBeUndefined();
    expect(suitesOfSelection(parseSuiteSelection('auth,contracts'), undefined)).toEqual(['auth', 'contracts']);
  });

  it('leave out a suite of which no term can select a check', () => {
    expect(suitesOfSelection(undefined, parseCheckSelection('auth,auth.token-type-bearer,job.search.*,conformance'))).toEqual(['auth', 'modules', 'conformance']);
    expect(suitesOfSelection(parseSuiteSelection('auth,contracts'), parseCheckSelection('auth.*'))).toEqual(['auth']);
    expect(suitesOfSelection(undefined, parseCheckSelection('auth.*'))).toEqual(['auth']);
    // A module's checks are in the module suite, its contracts and its conformance checks; none is in the auth suite.
    expect(suitesOfSelection(undefined, parseCheckSelection('job'))).toEqual(['modules', 'contracts', 'conformance']);
  });

  it('keep the contract suite when a term may select one of its checks: a module (its contracts come with it), the area, or a glob that reaches it', () => {
    for (const only of ['job', 'contract', 'contract.run', '*.by-uuid', 'c*', '@(auth|contract).*']) {
      expect(suitesOfSelection(undefined, parseCheckSelection(only)), only).toContain('contracts');
    }
    expect(suitesOfSelection(parseSuiteSelection('auth,contracts'), parseCheckSelection('*.run'))).toEqual(['auth', 'contracts']);
  });

  it('are CONFIG_INVALID when the contract suite was the only one named and no term can select its checks', () => {
    let error: unknown;
    try {
      suitesOfSelection(parseSuiteSelection('contracts'), parseCheckSelection('auth'), 'auth');
    } catch (caught) {
      error = caught;
    }
    expect(isUpgradeGuardError(error) && [error.code, error.message]).toEqual(['CONFIG_INVALID', '--only "auth" can select no check of --suites contracts, whose checks are contract.…']);
  });

  it('are CONFIG_INVALID before the run when no named suite can hold a selected check', () => {
    const refusal = (suites: string, only: string): unknown => {
      try {
        return suitesOfSelection(parseSuiteSelection(suites), parseCheckSelection(only), only);
      } catch (error) {
        return isUpgradeGuardError(error) ? [error.code, error.message] : error;
      }
    };
    expect(refusal('auth', 'job.*')).toEqual(['CONFIG_INVALID', '--only "job.*" can select no check of --suites auth, whose checks are auth.…']);
    expect(refusal('modules,conformance', 'auth')).toEqual([
      'CONFIG_INVALID',
      '--only "auth" can select no check of --suites modules,conformance, whose checks are job.…, planning.…, media.…, review.…, template-builder.…, shop.…, conformance.…',
    ]);
    expect(refusal('auth,modules', 'job')).toEqual(['modules']);
    expect(refusal('conformance', 'job')).toEqual(['conformance']);
    expect(refusal('auth', '*.served')).toEqual(['auth']);
  });

  it('hold each suite folder to the areas it is said to hold', () => {
    for (const name of suiteNames) expect(suiteAreas[name].length, name).toBeGreaterThan(0);
    expect(new Set(suiteNames.flatMap((name) => suiteAreas[name])).size).toBe(suiteNames.flatMap((name) => suiteAreas[name]).length);
  });

  it('never leave out a contract check the selection matches', () => {
    const contractIds = ['contract.job.my-active', 'contract.run', 'contract.own.source-1.run', 'contract.template-builder.renderer'];
    const globs = ['*', '**', 'c?ntract.*', '[c]ontract.*', 'contra*', '!(auth).*', '+(contract).*', '@(contract|auth).*', '!job.*', 'contract\\.run', '"c"*', '"contract".run', '*.run', 'auth.*', 'job.*', 'cont.*'];
    for (const glob of globs) {
      const matches = contractIds.some((id) => checkMatcher([glob])(id));
      if (matches) expect(maySelectArea([glob], 'contract'), glob).toBe(true);
    }
    expect(maySelectArea(['auth.*', 'job.*', 'cont.*'], 'contract')).toBe(false);
  });
});

describe('the check areas of a suite file', () => {
  it("are a module folder's module, or the suite's areas", () => {
    expect(fileAreas('suites/modules/job/participants-by-uuid.test.ts')).toEqual(['job']);
    expect(fileAreas('/abs/path/suites/modules/template-builder/lifecycle.test.ts')).toEqual(['template-builder']);
    expect(fileAreas('suites/auth/expiry.test.ts')).toEqual(['auth']);
    expect(fileAreas('suites/contracts/contracts.test.ts')).toEqual(['contract']);
    expect(fileAreas('elsewhere/x.test.ts')).toEqual([]);
  });

  it('tell which files that never started may have held a check of --only', () => {
    const selection = parseCheckSelection('job');
    expect(fileMayHoldSelected('suites/modules/job/lifecycle.test.ts', selection)).toBe(true);
    expect(fileMayHoldSelected('suites/contracts/contracts.test.ts', selection)).toBe(true);
    expect(fileMayHoldSelected('suites/modules/media/lifecycle.test.ts', selection)).toBe(false);
    expect(fileMayHoldSelected('suites/auth/expiry.test.ts', selection)).toBe(false);
    expect(fileMayHoldSelected('suites/modules/media/lifecycle.test.ts', undefined)).toBe(true);
  });
});
