/**
 * Starts an embedded target and ends the process without closing it, as a run stopped before its targets are up
 * ends (docs/command-line.md, stopping a run), for test/unit/embedded-state.test.ts: it prints the folder of the
 * target's session stores first.
 * Usage: node --import tsx test/support/embedded-exit/run.ts
 */
import { dirname } from 'node:path';
import { loadConfig } from '../../../src/config/config.ts';
import { startEmbeddedTarget } from '../../../src/run-targets/embedded.ts';

const resolved = await startEmbeddedTarget(loadConfig({ env: {}, envFile: '/dev/null' }), { name: 'stopped early', version: '8.0', faults: [] });
process.stdout.write(`RESULT ${JSON.stringify(dirname(resolved.target.sessions.full?.storePath ?? ''))}\n`);
process.exit(0);
