/**
 * The "real target" path end to end: `npm run sim` in its own process with
 * short-lived tokens, its printed .env lines as the configuration, and
 * `verify` against it as against any instance: preflight, form login,
 * stored and rotated refresh tokens shared by the workers, the expiry check
 * waiting a token out, mutations allowed. Then no secret of the run may be
 * found in the output or anywhere under the reports directory.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { configVariables } from '../../src/config/variables.ts';
import { unredactedLoginFlowValues } from '../support/leak-scan.ts';
import { simEnvLines } from '../support/sim-env-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'ug-external-'));
const reportsDir = join(dir, 'reports');
const tokenStore = join(dir, 'state', 'tokens.json');
let sim: ChildProcess;
let envLines: Record<string, string>;
let outcome: { code: number; stdout: string; stderr: string };

async function startSim(): Promise<Record<string, string>> {
  sim = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', '--version', '8.0', '--port', '0', '--token-ttl', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return simEnvLines(sim.stdout!);
}

function filesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => join(root, file))
    .filter((file) => statSync(file).isFile());
}

beforeAll(async () => {
  envLines = await startSim();
  const file = join(dir, 'sim.env');
  writeFileSync(file, `${Object.entries(envLines).map(([key, value]) => `${key}=${value}`).join('\n')}\n`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of configVariables) delete env[name];
  // REQUEST_TIMEOUT_MS only catches a hang of the simulator process, which a busy runner must not trip.
  Object.assign(env, { REPORTS_DIR: reportsDir, TOKEN_STORE: tokenStore, ALLOW_MUTATIONS: 'true', EXPIRY_MAX_WAIT_S: '4', REQUEST_TIMEOUT_MS: '60000' });
  outcome = await new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'verify', '--', '--env-file', file], { env, timeout: HANG_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr }),
    );
  });
}, HANG_TEST_TIMEOUT_MS);

afterAll(() => {
  sim?.kill('SIGTERM');
});

describe('verify against an external simulator process', () => {
  it('prints .env lines for both users', () => {
    for (const name of ['TARGET_VERSION', 'BASE_URL', 'AUTH_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'REDIRECT_URI', 'LOGIN_USERNAME', 'LOGIN_PASSWORD', 'LIMITED_USERNAME', 'LIMITED_PASSWORD']) {
      expect(envLines[name], name).toBeTruthy();
    }
  });

  it('passes every check, and runs the expiry check by waiting a token out', () => {
    expect(outcome.code, outcome.stdout.slice(-3000) + outcome.stderr).toBe(0);
    expect(outcome.stdout).toMatch(/target 8\.0\s+\d+ passed, 0 failed/);
    expect(outcome.stdout).not.toContain('auth.expired-token-403');
  });

  it('keeps the rotated refresh token in the store', () => {
    const stored = JSON.parse(readFileSync(tokenStore, 'utf8')) as { refreshToken?: string };
    expect(stored.refreshToken).toBeTruthy();
  });

  it('leaks no secret into the output or the reports', () => {
    const stored = JSON.parse(readFileSync(tokenStore, 'utf8')) as Record<string, unknown>;
    const tokens = [stored.refreshToken, stored.accessToken, (stored.expiredAccessToken as { token?: string } | undefined)?.token];
    const secrets = [envLines.CLIENT_SECRET, envLines.LOGIN_PASSWORD, envLines.LIMITED_PASSWORD, ...tokens].filter(
      (value): value is string => typeof value === 'string' && value.length > 0,
    );
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const haystacks = [
      { name: 'stdout', text: outcome.stdout },
      { name: 'stderr', text: outcome.stderr },
      ...filesBelow(reportsDir).map((file) => ({ name: file, text: readFileSync(file, 'latin1') })),
    ];
    expect(haystacks.length).toBeGreaterThan(10);
    // The simulator's secrets are random base64url: any 8 characters of one in a report is a leak, not chance.
    const fragments = secrets.flatMap((value) => Array.from({ length: value.length - 7 }, (_, at) => value.slice(at, at + 8)));
    for (const { name, text } of haystacks) {
      for (const value of secrets) expect(text.includes(value), `a secret in ${name}`).toBe(false);
      const leaked = fragments.find((fragment) => text.includes(fragment));
      expect(leaked === undefined, `8 characters of a secret in ${name}`).toBe(true);
      // Values the test never learns: authorization codes in URLs, and hidden values of the login and consent pages.
      expect(text, `an authorization code in ${name}`).not.toMatch(/[?&]code=(?!\[REDACTED\]|%5BREDACTED%5D)[^&\s"'<]/);
      expect(text, `a hidden form value in ${name}`).not.toMatch(/type=\\?"hidden\\?"[^>]*value=\\?"(?!\[REDACTED\])[^"\\]/);
    }
    // The hidden values of the login pages and the OAuth state, wherever else they appear: a redirect's Location or
    // any other header, the URL of the request that follows it, a form body.
    expect(unredactedLoginFlowValues(haystacks)).toEqual([]);
  });
});
