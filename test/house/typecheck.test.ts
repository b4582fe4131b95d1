/**
 * Strict TypeScript is part of `npm test`: vitest strips types without
 * checking them, so this file runs the compiler over the whole project
 * (tsconfig.json, as `npm run typecheck` does) and fails with its
 * diagnostics. It runs beside the other files instead of before them, so
 * its seconds of CPU fill the cores the test processes leave idle (issue 9).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

it('the project type-checks under tsconfig.json (strict)', async () => {
  const outcome = await new Promise<{ readonly code: number; readonly output: string }>((resolve) => {
    execFile(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
  // The diagnostics are the message: one line per error, file(line,col) first.
  expect(outcome.output, 'tsc -p tsconfig.json --noEmit').toBe('');
  expect(outcome.code).toBe(0);
});
