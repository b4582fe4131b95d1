/**
 * A suite file whose hook asks for a permit once the other file holds the
 * only one (as the refresh chain's login does), and writes how its wait ended
 * to the file `outcome`: vitest's cancellation ends checks, never a hook.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, it } from 'vitest';
import { RunPermits } from '../../../src/http/run-permits.ts';

const dir = process.env.INTERRUPTED_PERMITS_FIXTURE ?? '';

beforeAll(async () => {
  while (!existsSync(join(dir, 'held'))) await sleep(20);
  const waited = RunPermits.ofRun()?.run(async () => 'granted');
  writeFileSync(join(dir, 'waiting'), '');
  const outcome = await waited?.catch((error: unknown) => (error as { code?: string }).code ?? String(error));
  writeFileSync(join(dir, 'outcome'), String(outcome));
});

it('runs after its hook', () => undefined);
