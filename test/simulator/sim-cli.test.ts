/**
 * `npm run sim` (DESIGN.md "The simulator"): the `.env` lines alone on
 * stdout, a clean stop on SIGTERM, exit 64 for a bad command line and 3 for
 * a port that is taken, each with one line on stderr and no stack trace.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI; `untilReady` stops it with SIGTERM once it printed the last .env line. */
function runSim(args: readonly string[], untilReady = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (untilReady && stdout.includes('LIMITED_PASSWORD=')) child.kill('SIGTERM');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let occupied: Server | undefined;
afterAll(() => new Promise<void>((resolve) => (occupied ? occupied.close(() => resolve()) : resolve())));

describe('npm run sim', () => {
  it.concurrent('prints only the .env lines on stdout and stops cleanly on SIGTERM', async () => {
    const run = await runSim(['--version', '7.4', '--token-ttl', '5', '--fault', 'code-reusable'], true);
    expect(run.code).toBe(0);
    const names = run.stdout.trim().split('\n').map((line) => line.split('=')[0]);
    expect(names).toEqual([
      'TARGET_VERSION',
      'BASE_URL',
      'AUTH_URL',
      'CLIENT_ID',
      'CLIENT_SECRET',
      'REDIRECT_URI',
      'LOGIN_USERNAME',
      'LOGIN_PASSWORD',
      'LIMITED_USERNAME',
      'LIMITED_PASSWORD',
    ]);
    expect(run.stdout).toContain('TARGET_VERSION=7.4\n');
    expect(run.stderr).toContain('code-reusable');
  });

  // Each run starts a process, so few vectors: the CLI's own checks (a fault, a login page) and parseArgs's errors end in the same catch.
  const usageVectors: readonly (readonly string[])[] = [['--version', '8.0', '--fault', 'no-such-fault'], ['--version', '8.0', '--login-page', 'javascript'], ['--version', '8.0', '--deprecation-headers', 'yes']];
  for (const args of usageVectors) {
    it.concurrent(`exits 64 with one USAGE line for: ${args.join(' ')}`, async () => {
      const run = await runSim(args);
      expect(run.code).toBe(64);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^USAGE: [^\n]+\n$/);
    });
  }

  it.concurrent('exits 3 with one line when the port is taken', async () => {
    const server = createServer();
    occupied = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const run = await runSim(['--version', '8.0', '--port', String(port)]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^[A-Z_]+: port ${port} on 127\\.0\\.0\\.1 is already in use[^\\n]*\\n$`));
  });
});
