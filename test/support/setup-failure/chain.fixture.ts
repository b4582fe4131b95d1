/** A describe block whose setup fails: its tests never run (test/unit/results-setup-failure.test.ts). */
import { beforeAll, describe, it } from 'vitest';

describe('a chain', () => {
  beforeAll(() => {
    throw new Error('the setup broke');
  });
  it('first [demo.first]', () => undefined);
  it('second [demo.second]', () => undefined);
});
