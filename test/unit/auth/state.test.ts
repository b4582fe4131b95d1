import { describe, expect, it } from 'vitest';
import { expectStateEcho, generateState, STATE_LENGTH } from '../../../src/auth/state.ts';

describe('state (spec §5.4, §8)', () => {
  it('is 8 characters of the URL-safe alphabet', () => {
    expect(STATE_LENGTH).toBe(8);
    for (let i = 0; i < 200; i += 1) {
      const state = generateState();
      expect(state).toMatch(/^[A-Za-z0-9_-]{8}$/);
      expect(encodeURIComponent(state)).toBe(state);
    }
  });

  it('is random: no repeats in 10 000 draws, and every position uses the whole alphabet', () => {
    const draws = Array.from({ length: 10_000 }, () => generateState());
    expect(new Set(draws).size).toBe(draws.length);
    for (let position = 0; position < STATE_LENGTH; position += 1) {
      const seen = new Set(draws.map((state) => state[position]));
      expect(seen.size).toBe(64);
    }
  });

  it('takes another length when asked, and refuses nonsense', () => {
    expect(generateState(16)).toHaveLength(16);
    expect(() => generateState(0)).toThrow(RangeError);
  });

  it('accepts the echo of the sent state', () => {
    expect(() => expectStateEcho('abcdEFGH', 'abcdEFGH')).not.toThrow();
  });

  for (const vector of [
    { received: undefined, says: 'carried no state' },
    { received: null, says: 'carried no state' },
    { received: 'abcdEFGh', says: 'carried state "abcdEFGh"' },
    { received: '', says: 'carried state ""' },
  ]) {
    it(`refuses ${JSON.stringify(vector.received)} with LOGIN_FAILED`, () => {
      expect(() => expectStateEcho('abcdEFGH', vector.received)).toThrow(expect.objectContaining({ code: 'LOGIN_FAILED', message: expect.stringContaining(vector.says) }));
    });
  }
});
