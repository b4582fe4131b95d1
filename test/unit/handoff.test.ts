/**
 * The handoff (src/run-targets/handoff.ts) carries what the main process
 * works out for the workers: each key settles once, and the main half hears
 * an ask for a key it has not settled (the contract suite's verification
 * starts on it, src/runner/run-setup.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Handoff, handedOver } from '../../src/run-targets/handoff.ts';

const made: Handoff<unknown>[] = [];
afterEach(() => {
  for (const handoff of made.splice(0)) handoff.close();
});

describe('a handoff', () => {
  it('tells its main half of an ask for a key not yet settled, and the asker hears the value settled then', async () => {
    const asks: string[] = [];
    const handoff = new Handoff<{ readonly verdicts: number }>('test', (key) => {
      asks.push(key);
      handoff.settle(key, { verdicts: 18 });
    });
    made.push(handoff);
    await expect(handedOver(handoff.name, 'suites')).resolves.toEqual({ verdicts: 18 });
    expect(asks).toEqual(['suites']);
  });

  it('settles a key once: a later value is not what an asker hears, and a settled key is not asked of the main half', async () => {
    const asks: string[] = [];
    const handoff = new Handoff<string>('test', (key) => asks.push(key));
    made.push(handoff);
    handoff.settle('suites', 'first');
    handoff.settle('suites', 'second');
    await expect(handedOver(handoff.name, 'suites')).resolves.toBe('first');
    expect(asks).toEqual([]);
  });
});
