/**
 * Reliability soak: runs the embedded `npm run verify` N times in a row (30
 * by default) and stops at the first run that does not exit 0, printing its
 * summary and error lines. A script, not a test: it takes minutes and is
 * meant for a quiet machine before a release.
 * Usage: npm run soak -- [--runs 30]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { wantsHelp } from '../src/cli/help-gate.ts';
import { helpText, usageLine } from '../src/cli/usage.ts';
import { loadTypeScript } from '../src/node-arguments.ts';

const commandLine = process.argv.slice(2).filter((arg) => arg !== '--');
if (wantsHelp(commandLine)) {
  process.stdout.write(helpText('soak'));
  process.exit(0);
}
const runsText = parseCommandLine(commandLine).values.runs;
if (!/^\d+$/.test(runsText) || Number(runsText) < 1) usageError(`--runs takes a whole number of at least 1, got "${runsText}"`);
const runs = Number(runsText);

/** An unknown or malformed flag: one `USAGE:` line and exit 64, as the commands of src/cli answer it. */
function parseCommandLine(args: string[]) {
  try {
    return parseArgs({ args, options: { runs: { type: 'string', default: '30' } } });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

function usageError(message: string): never {
  process.stderr.write(`USAGE: ${message}; ${usageLine('soak')}\n`);
  process.exit(64);
}

function runVerify(reportsDir: string): Promise<{ code: number; output: string }> {
  // The embedded platform only: a developer's BASE_URL must not turn a soak into traffic against staging.
  const env: NodeJS.ProcessEnv = { ...process.env, REPORTS_DIR: reportsDir, PACT_DO_NOT_TRACK: 'true' };
  delete env.BASE_URL;
  const child = spawn(process.execPath, [...loadTypeScript, 'src/cli/verify.ts', '--', '--no-html', '--env-file', '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, output })));
}

const root = mkdtempSync(join(tmpdir(), 'ug-soak-'));
for (let run = 1; run <= runs; run += 1) {
  const started = performance.now();
  const { code, output } = await runVerify(join(root, `run-${run}`));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    const interesting = output.split('\n').filter((line) => /summary|FAIL|✗|^[A-Z_]+: /.test(line));
    // The run that was not clean keeps its reports, to be read.
    process.stdout.write(`run ${run}/${runs}: exit ${code} after ${seconds} s; its reports are in ${join(root, `run-${run}`)}\n${interesting.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`run ${run}/${runs}: clean (${seconds} s)\n`);
}
process.stdout.write(`${runs} consecutive clean runs\n`);
rmSync(root, { recursive: true, force: true });
