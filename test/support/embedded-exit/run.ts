/**
 * Starts an embedded target and ends the process without closing it, as a run stopped before its targets are up
 * ends (docs/command-line.md, stopping a run), for test/unit/embedded-state.test.ts; it prints the folder of the
 * target's session stores first.
 * - `started`: ends once the target is up;
 * - `making`: ends as soon as the target's folder exists, before the process has run anything else (a stop that
 *   comes while the folder is being made). The folder is made in a temporary folder of this process's own, which is
 *   what it prints.
 * - `closed`: closes the target, then writes its limited session's store as a login still under way would (a stop
 *   failed the run's setup, which closed its targets), and ends.
 * Usage: node --import tsx test/support/embedded-exit/run.ts started|making|closed
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadConfig } from '../../../src/config/config.ts';
import { startEmbeddedTarget } from '../../../src/run-targets/embedded.ts';

const mode = process.argv[2];
if (mode !== 'started' && mode !== 'making' && mode !== 'closed') throw new Error('usage: run.ts started|making|closed');
const config = loadConfig({ env: {}, envFile: '/dev/null' });
if (mode === 'closed') {
  const resolved = await startEmbeddedTarget(config, { name: 'closed, then written', version: '8.0', faults: [] });
  const store = resolved.target.sessions.limited?.storePath ?? '';
  await resolved.close();
  mkdirSync(dirname(store), { recursive: true, mode: 0o700 });
  writeFileSync(store, '{}', { mode: 0o600 });
  process.stdout.write(`RESULT ${JSON.stringify(dirname(store))}\n`);
  process.exit(0);
}
if (mode === 'started') {
  const resolved = await startEmbeddedTarget(config, { name: 'stopped early', version: '8.0', faults: [] });
  process.stdout.write(`RESULT ${JSON.stringify(dirname(resolved.target.sessions.full?.storePath ?? ''))}\n`);
  process.exit(0);
}
const own = mkdtempSync(join(tmpdir(), 'ug-embedded-exit-'));
process.env.TMPDIR = own;
void startEmbeddedTarget(config, { name: 'stopped while made', version: '8.0', faults: [] });
// Waits without yielding to the event loop, so nothing queued behind the folder's making runs before the exit. A
// folder that never comes ends the wait too: the test then finds none, and its own check says so.
const until = Date.now() + 60_000;
while (readdirSync(own).length === 0 && Date.now() < until);
process.stdout.write(`RESULT ${JSON.stringify({ own, made: readdirSync(own) })}\n`);
process.exit(0);
