/**
 * Benchmark of the main job: runs `verify` (embedded platform, both
 * versions, reports written) several times per MAX_CONCURRENCY setting and
 * prints the wall times and their median. Timing lives here, not in tests.
 * Usage: npm run bench -- [--runs 5] [--concurrency 8[,1,...]] [--no-html]
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    'no-html': { type: 'boolean', default: false },
  },
});
const runs = Number.parseInt(values.runs, 10);
const settings = values.concurrency.split(',').map((value) => Number.parseInt(value, 10));
if (!Number.isInteger(runs) || runs < 1 || settings.some((value) => !Number.isInteger(value) || value < 1)) {
  process.stderr.write('USAGE: --runs N --concurrency N[,N...]\n');
  process.exit(64);
}

function runVerify(concurrency: number): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  const args = ['--import', 'tsx', 'src/cli/verify.ts', ...(values['no-html'] ? ['--no-html'] : [])];
  const child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, MAX_CONCURRENCY: String(concurrency) } });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ ms: performance.now() - started, code: code ?? 1 })));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

for (const concurrency of settings) {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { ms, code } = await runVerify(concurrency);
    if (code !== 0) process.stderr.write(`run ${run + 1} exited ${code}\n`);
    times.push(ms);
  }
  const seconds = (ms: number): string => (ms / 1000).toFixed(2);
  process.stdout.write(
    `MAX_CONCURRENCY=${concurrency}: median ${seconds(median(times))} s over ${runs} runs (min ${seconds(Math.min(...times))} s, max ${seconds(Math.max(...times))} s)\n`,
  );
}
