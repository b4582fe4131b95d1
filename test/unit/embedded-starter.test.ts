/**
 * The embedded platform's starter (src/run-targets/embedded-starter.ts):
 * the global setup uses the one the command that started the run lent, and
 * loads its own when none was lent (plain `vitest`). A coded error of the
 * lender's module graph keeps its code in the global setup's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedStarter, lendEmbeddedStarter, type EmbeddedStarter } from '../../src/run-targets/embedded-starter.ts';
import { startEmbeddedTarget } from '../../src/run-targets/embedded.ts';
import { isUpgradeGuardError } from '../../src/errors.ts';
import { loadConfig } from '../../src/config/config.ts';
import { defaultRunPlan } from '../../src/run-targets/run-plan.ts';

const key = Symbol.for('upgrade-guard.embedded-starter');
type Holder = typeof globalThis & { [key]?: EmbeddedStarter };
let before: EmbeddedStarter | undefined;
beforeEach(() => {
  before = (globalThis as Holder)[key];
  delete (globalThis as Holder)[key];
});
afterEach(() => {
  if (before) (globalThis as Holder)[key] = before;
  else delete (globalThis as Holder)[key];
});

const config = loadConfig({ env: {}, envFile: '/dev/null' });
const [runTarget] = defaultRunPlan(config);

/** What another module graph's errors.ts makes: the same name and fields, another class. */
class ForeignUpgradeGuardError extends Error {
  override readonly name = 'UpgradeGuardError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

describe('the embedded starter', () => {
  it('is this graph’s own when none was lent', async () => {
    expect(await embeddedStarter()).toBe(startEmbeddedTarget);
  });

  it('is the lent one when one was lent', async () => {
    const calls: string[] = [];
    lendEmbeddedStarter(async (_config, target) => {
      calls.push(target.name);
      throw new Error('not started');
    });
    const start = await embeddedStarter();
    await expect(start(config, runTarget!)).rejects.toThrow('not started');
    expect(calls).toEqual([runTarget!.name]);
  });

  it('keeps the code of a coded error of the lender’s graph, as an error of this graph', async () => {
    lendEmbeddedStarter(() => Promise.reject(new ForeignUpgradeGuardError('USAGE', 'unknown simulator fault "typo"')));
    const failure: unknown = await (await embeddedStarter())(config, runTarget!).catch((error: unknown) => error);
    expect(isUpgradeGuardError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'USAGE', message: 'unknown simulator fault "typo"' });
  });

  it('leaves an error with a code outside the catalog as it was', async () => {
    const odd = new ForeignUpgradeGuardError('NOT_A_CODE', 'odd');
    lendEmbeddedStarter(() => Promise.reject(odd));
    await expect((await embeddedStarter())(config, runTarget!)).rejects.toBe(odd);
  });
});
