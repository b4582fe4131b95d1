/**
 * The handoff (src/run-targets/handoff.ts) carries the contract suite's
 * verification from the run's setup to the suite's worker: it settles once,
 * and the setup hears an ask made before it settles (the verification starts
 * on it, src/runner/run-setup.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Handoff, handedOver } from '../../src/run-targets/handoff.ts';

const made: Handoff<unknown>[] = [];
afterEach(() => {
  for (const handoff of made.splice(0)) handoff.close();
});

describe('a handoff', () => {
  it('tells its setup half of an ask before it settles, and the asker hears the value settled then', async () => {
    let asks = 0;
    const handoff = new Handoff<{ readonly verdicts: number }>(() => {
      asks += 1;
      handoff.settle({ verdicts: 18 });
    });
    made.push(handoff);
    await expect(handedOver(handoff.name)).resolves.toEqual({ verdicts: 18 });
    expect(asks).toBe(1);
  });

  it('settles once: a later value is not what an asker hears, and an ask after it settles is answered without the setup half', async () => {
    let asks = 0;
    const handoff = new Handoff<string>(() => (asks += 1));
    made.push(handoff);
    handoff.settle('first');
    handoff.settle('second');
    await expect(handedOver(handoff.name)).resolves.toBe('first');
    await expect(handedOver(handoff.name)).resolves.toBe('first');
    expect(asks).toBe(0);
  });
});
