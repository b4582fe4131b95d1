/**
 * A suite file whose check holds the run's one permit with a request the
 * target never answers when Ctrl-C comes: vitest's cancellation abandons the
 * check and stops its worker, and the permit is never given back. It says it
 * holds it with the file `held` (the folder in INTERRUPTED_PERMITS_FIXTURE).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { RunPermits } from '../../../src/http/run-permits.ts';

const dir = process.env.INTERRUPTED_PERMITS_FIXTURE ?? '';

it('holds the one permit when the run is stopped', async () => {
  await RunPermits.ofRun()?.run(async () => {
    writeFileSync(join(dir, 'held'), '');
    await new Promise(() => undefined);
  });
});
