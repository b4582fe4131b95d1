/**
 * Runs the fixture next to it with vitest's node API and the suites' setup
 * file src/run-targets/rotations-setup.ts, as verify runs the suites, and
 * prints, after the marker, whether the rotated pair was stored when vitest
 * reported the file ended.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVitest } from 'vitest/node';

const here = new URL('.', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'ug-rotation-file-end-'));
const [lockPath, answered, stored] = [join(dir, 'tokens.json.lock'), join(dir, 'answered'), join(dir, 'stored')];
process.env.ROTATION_FIXTURE = [lockPath, answered, stored].join('\n');
let storedAtFileEnd: boolean | undefined;
const reporter = {
  onTestModuleEnd(): void {
    storedAtFileEnd = existsSync(stored);
  },
};
const vitest = await startVitest(
  'test',
  [],
  { config: false, run: true, watch: false, reporters: [reporter] },
  { test: { root: here, include: ['rotation.fixture.ts'], pool: 'threads', setupFiles: [join(here, '../../../src/run-targets/rotations-setup.ts')] } },
);
await vitest.close();
process.stdout.write(`\nRESULT ${JSON.stringify({ storedAtFileEnd })}\n`);
