/**
 * Benchmark of the main job. Timing lives here, not in tests.
 *
 * 1. Overlap (P2): an embedded verify of each version with `--latency-ms N`
 *    (every request the embedded platform answers waits N ms, a far-away
 *    staging). From the traffic files verify writes it prints per version:
 *    requests, the sum of their latencies, the wall time the network was in
 *    use (first request's arrival to the last one's end), the ratio of the
 *    two (the goal: at most 0.2, five requests overlapping), and the peak in
 *    flight over every target of the version (never above MAX_CONCURRENCY).
 *    `--overlap-runs N` runs of each (3 by default), and the median ratio:
 *    one run's ratio varies too much to judge a goal of 0.2 by.
 * 2. Embedded verify (P1): `--runs N` runs of the plain `npm run verify`
 *    (both versions, every suite, Pact verification, the HTML report), their
 *    median, and where the time of the median run went (`verify --timings`).
 *
 * Usage: npm run bench -- [--latency-ms 50] [--overlap-runs 3] [--runs 5] [--concurrency 8] [--no-html] (--help: src/cli/usage.ts)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { timingLinePattern } from '../src/runner/timings.ts';
import { trafficDirectory, type TrafficFile } from '../src/run-targets/traffic.ts';
import { platformVersions, type PlatformVersion } from '../src/profile/versions.ts';
import { wantsHelp } from '../src/cli/help-gate.ts';
import { helpText, usageLine } from '../src/cli/usage.ts';
import { loadTypeScript } from '../src/node-arguments.ts';

const commandLine = process.argv.slice(2).filter((arg) => arg !== '--');
if (wantsHelp(commandLine)) {
  process.stdout.write(helpText('bench'));
  process.exit(0);
}
const { values } = parseCommandLine(commandLine);
const wholeNumber = (text: string, least: number): number | undefined => (/^\d+$/.test(text) && Number(text) >= least ? Number(text) : undefined);
const runs = wholeNumber(values.runs, 0);
const latencyMs = wholeNumber(values['latency-ms'], 0);
const overlapRuns = wholeNumber(values['overlap-runs'], 1);
const concurrency = wholeNumber(values.concurrency, 1);
if (runs === undefined || latencyMs === undefined || overlapRuns === undefined || concurrency === undefined) {
  usageError('--latency-ms and --runs take a whole number (0 skips that part), --overlap-runs and --concurrency one of at least 1');
}

/** An unknown or malformed flag: one `USAGE:` line and exit 64, as the commands of src/cli answer it. */
function parseCommandLine(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        runs: { type: 'string', default: '5' },
        'latency-ms': { type: 'string', default: '50' },
        'overlap-runs': { type: 'string', default: '3' },
        concurrency: { type: 'string', default: '8' },
        'no-html': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

function usageError(message: string): never {
  process.stderr.write(`USAGE: ${message}; ${usageLine('bench')}\n`);
  process.exit(64);
}

const root = mkdtempSync(join(tmpdir(), 'ug-bench-'));
// The runs' reports are read for their traffic and timings and then go: a benchmark leaves nothing behind.
process.on('exit', () => rmSync(root, { recursive: true, force: true }));
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

interface VerifyRun {
  readonly code: number;
  readonly ms: number;
  readonly output: string;
  readonly reportsDir: string;
}

let runCount = 0;
function runVerify(args: readonly string[]): Promise<VerifyRun> {
  runCount += 1;
  const reportsDir = join(root, `run-${runCount}`);
  // The embedded platform only: a developer's BASE_URL must not turn a benchmark into traffic against staging.
  const env: NodeJS.ProcessEnv = { ...process.env, REPORTS_DIR: reportsDir, MAX_CONCURRENCY: String(concurrency), PACT_DO_NOT_TRACK: 'true' };
  delete env.BASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [...loadTypeScript, 'src/cli/verify.ts', '--', '--env-file', '/dev/null', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, ms: performance.now() - started, output, reportsDir })));
}

function complain(run: VerifyRun, what: string): void {
  if (run.code === 0) return;
  const lines = run.output.split('\n').filter((line) => /summary|FAIL|✗|^[A-Z_]+: /.test(line));
  process.stderr.write(`${what}: verify exited ${run.code}\n${lines.slice(0, 10).join('\n')}\n`);
}

/** The version's traffic over all its targets (the suites' and the contract-breaks step's), merged. */
function trafficOf(reportsDir: string, version: PlatformVersion): { requests: number; latencySumMs: number; wallMs: number; peak: number } {
  const dir = trafficDirectory(reportsDir);
  const files = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as TrafficFile);
  const intervals = files.filter((file) => file.version === version).flatMap((file) => file.intervals);
  const events = intervals.flatMap(([start, end]) => [[start, 1] as const, [end, -1] as const]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let inFlight = 0;
  let peak = 0;
  for (const [, step] of events) {
    inFlight += step;
    peak = Math.max(peak, inFlight);
  }
  const first = Math.min(...intervals.map(([start]) => start));
  const last = Math.max(...intervals.map(([, end]) => end));
  return { requests: intervals.length, latencySumMs: intervals.reduce((sum, [start, end]) => sum + end - start, 0), wallMs: last - first, peak };
}

function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const load = (): string => loadavg().map((value) => value.toFixed(2)).join(' ');
process.stdout.write(`machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.version}, load average ${load()}; MAX_CONCURRENCY=${concurrency}\n`);

if (latencyMs > 0) {
  process.stdout.write(`\nOverlap with ${latencyMs} ms added to every request (an embedded verify per version, ${overlapRuns} runs each):\n`);
  process.stdout.write('version | requests | latency sum | network wall | ratio | peak in flight | whole verify\n');
  const ratios = new Map<PlatformVersion, number[]>();
  // The versions take turns, so a machine that slows down mid-benchmark slows both alike.
  for (let round = 1; round <= overlapRuns; round += 1) {
    for (const version of platformVersions) {
      const run = await runVerify(['--version', version, '--latency-ms', String(latencyMs), '--no-html']);
      complain(run, `${version} with --latency-ms ${latencyMs}`);
      const traffic = trafficOf(run.reportsDir, version);
      const ratio = traffic.wallMs / traffic.latencySumMs;
      ratios.set(version, [...(ratios.get(version) ?? []), ratio]);
      process.stdout.write(
        `${version}     | ${traffic.requests} | ${seconds(traffic.latencySumMs)} s | ${seconds(traffic.wallMs)} s | ${ratio.toFixed(3)} | ${traffic.peak} | ${seconds(run.ms)} s\n`,
      );
    }
  }
  for (const [version, each] of ratios) {
    process.stdout.write(`${version}: median ratio ${median(each).toFixed(3)} over ${each.length} runs (min ${Math.min(...each).toFixed(3)}, max ${Math.max(...each).toFixed(3)})\n`);
  }
}

if (runs > 0) {
  process.stdout.write(`\nEmbedded verify, both versions, every suite${values['no-html'] ? '' : ', HTML report'} (${runs} runs):\n`);
  const timed: VerifyRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const result = await runVerify(['--timings', ...(values['no-html'] ? ['--no-html'] : [])]);
    complain(result, `run ${run}`);
    timed.push(result);
    process.stdout.write(`run ${run}: ${seconds(result.ms)} s (load ${load()})\n`);
  }
  const middle = median(timed.map((run) => run.ms));
  process.stdout.write(`median ${seconds(middle)} s over ${runs} runs (min ${seconds(Math.min(...timed.map((run) => run.ms)))} s, max ${seconds(Math.max(...timed.map((run) => run.ms)))} s)\n`);
  const closest = [...timed].sort((a, b) => Math.abs(a.ms - middle) - Math.abs(b.ms - middle))[0];
  if (closest) {
    process.stdout.write('\nWhere the time of the median run went (verify --timings):\n');
    for (const line of closest.output.split('\n')) {
      const match = timingLinePattern.exec(line);
      if (match) process.stdout.write(`  ${match[1]}: ${match[2]} s\n`);
    }
  }
}
