/**
 * `verify --only`: a term names an area or a check-id glob; an unknown area is CONFIG_INVALID, and the line offers
 * the known area a slip of the hand away (one or two edits, or two letters swapped), never a guess further off. After
 * the run, a term that matched none of its checks is CONFIG_INVALID, even beside terms that did.
 */
import { describe, expect, it } from 'vitest';
import { parseCheckSelection, refuseUnmatchedTerms } from '../../src/check/check-selection.ts';
import { isUpgradeGuardError } from '../../src/errors.ts';

function refusal(value: string): string {
  try {
    parseCheckSelection(value);
  } catch (error) {
    if (isUpgradeGuardError(error) && error.code === 'CONFIG_INVALID') return error.message;
    throw error;
  }
  throw new Error(`--only ${value} was taken`);
}

describe('an unknown --only area', () => {
  const vectors: readonly (readonly [term: string, suggested: string | undefined])[] = [
    ['jbo', 'job'],
    ['plannig', 'planning'],
    ['reveiw', 'review'],
    ['templatebuilder', 'template-builder'],
    ['contracts', 'contract'],
    ['xyz', undefined],
    ['med', undefined],
  ];
  for (const [term, suggested] of vectors) {
    it(`${term}: ${suggested ? `did you mean "${suggested}"` : 'no suggestion'}`, () => {
      const message = refusal(term);
      expect(message).toContain(`no check area "${term}"`);
      if (suggested) expect(message).toContain(`; did you mean "${suggested}"?`);
      else expect(message).not.toContain('did you mean');
    });
  }

  it('a known area and a glob are taken', () => {
    expect(parseCheckSelection('job')).toEqual(['job.*', 'contract.job.*', 'conformance.job.*']);
    expect(parseCheckSelection('auth.state-*')).toEqual(['auth.state-*']);
  });
});

describe('terms that matched no check of the run', () => {
  const checks = [{ id: 'job.participants.by-uuid' }, { id: 'contract.job.my-active' }, { id: 'auth.redirect-echo' }];
  const refused = (value: string): string | undefined => {
    try {
      refuseUnmatchedTerms(value, checks, 'of this run');
    } catch (error) {
      if (isUpgradeGuardError(error) && error.code === 'CONFIG_INVALID') return error.message;
      throw error;
    }
    return undefined;
  };

  it('pass when every term matched a check: a module term by any of its globs', () => {
    expect(refused('job.participants.*,auth.redirect-echo')).toBeUndefined();
    expect(refused('planning,auth')).toBe('--only "planning,auth": "planning" matched no check of this run');
  });

  it('excuse, beside a term that matched, one that names contracts of another version only, never a misspelt one', () => {
    const otherVersion = ['contract.job.jobs-search-by-user-id'];
    const judged = (value: string): string | undefined => {
      try {
        refuseUnmatchedTerms(value, checks, 'of this run', otherVersion);
      } catch (error) {
        if (isUpgradeGuardError(error)) return error.message;
        throw error;
      }
      return undefined;
    };
    expect(judged('job.participants.*,contract.job.jobs-search-by-user-id')).toBeUndefined();
    expect(judged('job.participants.*,contract.jb.*')).toBe('--only "job.participants.*,contract.jb.*": "contract.jb.*" matched no check of this run');
    expect(judged('auth.*,contract.own.aap.*')).toBe('--only "auth.*,contract.own.aap.*": "contract.own.aap.*" matched no check of this run');
    expect(judged('contract.job.jobs-search-by-user-id')).toBe('--only "contract.job.jobs-search-by-user-id" matched no check of this run');
  });

  it('name the term a typo left without a check, and the whole value when none matched', () => {
    expect(refused('job.participants.*,auth.redirect-ecko')).toBe('--only "job.participants.*,auth.redirect-ecko": "auth.redirect-ecko" matched no check of this run');
    expect(refused('shop')).toBe('--only "shop" matched no check of this run');
  });

  it('leave a term that could select contract checks to a verification that could not run, whose check says why', () => {
    const judged = (value: string, brokenId: string): string | undefined => {
      try {
        refuseUnmatchedTerms(value, [{ id: 'auth.redirect-echo' }, { id: brokenId }], 'of this run');
      } catch (error) {
        if (isUpgradeGuardError(error)) return error.message;
        throw error;
      }
      return undefined;
    };
    for (const brokenId of ['contract.run', 'contract.platform.run']) {
      expect(judged('contract.shop.*', brokenId), brokenId).toBeUndefined();
      expect(judged('contract.shop.*,auth.redirect-ecko', brokenId), brokenId).toBe('--only "contract.shop.*,auth.redirect-ecko": "auth.redirect-ecko" matched no check of this run');
    }
    for (const brokenId of ['contract.run', 'contract.own.sources', 'contract.platform.run', 'contract.own.source-2.run']) {
      expect(judged('auth.*,contract.own.app.*', brokenId), brokenId).toBeUndefined();
    }
    expect(judged('contract.shop.*', 'contract.job.run')).toBe('--only "contract.shop.*" matched no check of this run');
    // Only the team's sources broke: a term of the project's contracts still matched nothing of its own.
    expect(judged('contract.shpo.*', 'contract.own.sources')).toBe('--only "contract.shpo.*" matched no check of this run');
    expect(judged('contract.shpo.*', 'contract.own.source-1.run')).toBe('--only "contract.shpo.*" matched no check of this run');
    expect(judged('contract.shpo.*', 'contract.platform.run')).toBeUndefined();
  });
});
