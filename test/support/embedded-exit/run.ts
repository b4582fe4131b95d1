/**
 * Starts an embedded target and ends the process without closing it, as a run stopped before its targets are up
 * ends (docs/command-line.md, stopping a run), for test/unit/embedded-state.test.ts; it prints the folder of the
 * target's session stores first.
 * - `started`: ends once the target is up;
 * - `making`: ends as soon as the target's folder exists, before the process has run anything else (a stop that
 *   comes while the folder is being made). The folder is made in a temporary folder of this process's own, which is
 *   what it prints.
 * Usage: node --import tsx test/support/embedded-exit/run.ts started|making
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadConfig } from '../../../src/config/config.ts';
import { startEmbeddedTarget } from '../../../src/run-targets/embedded.ts';

const mode = process.argv[2];
if (mode !== 'started' && mode !== 'making') throw new Error('usage: run.ts started|making');
const config = loadConfig({ env: {}, envFile: '/dev/null' });
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
