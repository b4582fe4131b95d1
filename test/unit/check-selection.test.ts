/**
 * `verify --only`: a term names an area or a check-id glob; an unknown area is CONFIG_INVALID, and the line offers
 * the known area a slip of the hand away (one or two edits, or two letters swapped), never a guess further off.
 */
import { describe, expect, it } from 'vitest';
import { parseCheckSelection } from '../../src/check/check-selection.ts';
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
