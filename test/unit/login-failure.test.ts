/**
 * A login that fails is the run's setup failure (src/runner/run-setup.ts): a
 * coded error keeps its code; anything else is a defect of ours, INTERNAL,
 * never a verdict on the target.
 */
import { expect, it } from 'vitest';
import { UpgradeGuardError } from '../../src/errors.ts';
import { loginFailure } from '../../src/run-targets/sessions.ts';

it('keeps a coded failure, and makes an uncoded one INTERNAL', () => {
  const coded = new UpgradeGuardError('TARGET_TIMEOUT', 'slow');
  expect(loginFailure(coded)).toBe(coded);
  expect(loginFailure(new TypeError('x is undefined'))).toMatchObject({ code: 'INTERNAL', message: 'the shared sessions could not be opened: x is undefined' });
});
