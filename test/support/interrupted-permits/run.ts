/**
 * Runs the two fixtures next to it with vitest's node API and the run's one
 * permit, stops the run as Ctrl-C does (src/runner/run-suites.ts `cancelOn`)
 * once the waiting file's hook waits for the permit the other file holds,
 * and prints, after the marker, how that wait ended. A wait that never ends
 * holds the run until the hooks' timeout, ten minutes here: the caller's
 * bound for a hang.
 * Usage: node --import tsx test/support/interrupted-permits/run.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RunInterrupted } from '../../../src/errors.ts';
import { RunPermits } from '../../../src/http/run-permits.ts';
import { cancelOn } from '../../../src/runner/run-suites.ts';
import { fixtureScript } from '../fixture-script.ts';

const { dir, run, end } = fixtureScript(import.meta.url, 'ug-interrupted-permits-');
process.env.INTERRUPTED_PERMITS_FIXTURE = dir;
const stop = new AbortController();
const permits = RunPermits.share(1);
const running = run(cancelOn(stop.signal, permits), { include: ['*.fixture.ts'], maxWorkers: 2, hookTimeout: 600_000, testTimeout: 600_000 }, permits);
while (!existsSync(join(dir, 'waiting'))) await sleep(20);
stop.abort(new RunInterrupted('SIGINT', 'the run was stopped'));
const vitest = await running;
const outcome = existsSync(join(dir, 'outcome')) ? readFileSync(join(dir, 'outcome'), 'utf8') : undefined;
await end(vitest, { outcome });
