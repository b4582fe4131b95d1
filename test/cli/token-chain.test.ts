/**
 * The refresh-token chain as a nightly job sees it, through the
 * user's own command, `npm run verify`, against an embedded platform served
 * as a real target:
 * - a dead stored chain without LOGIN_* is TOKEN_REFUSED (7) with the line
 *   that says how to start a new one;
 * - with LOGIN_* set, the run logs in again, says so in one line, and stores
 *   the new chain (the limited user's next to it, named after TOKEN_STORE);
 * - a lock left by a killed process does not hold the run up.
 * Test timeouts only catch a hang (test/support/hang-timeout.ts); no margin is asserted.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { access, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenStore, tokenStoreTarget } from '../../src/auth/token-store.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { createPlatform, type Platform } from '../../simulator/platform.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { errorLines, expectOneCodedLine, npmRunVerify } from '../support/verify-command.ts';

const secret = 'cs-do-not-print-0123456789';
const password = 'pw-do-not-print-0123456789';
const deadRefreshToken = 'rt-dead-do-not-print-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'ug-token-chain-'));
const holder = new URL('../support/lock-holder.ts', import.meta.url).pathname;
const secrets = [secret, password, deadRefreshToken];
let platform: Platform;
let target: Record<string, string>;

beforeAll(async () => {
  platform = createPlatform({ version: '8.0', clientSecret: secret, passwords: { full: password, limited: password } });
  await platform.listen(0);
  target = Object.fromEntries(platform.envLines().map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
});

afterAll(async () => {
  await platform.close();
});

function storeAt(path: string): TokenStore {
  return new TokenStore(path, tokenStoreTarget(target.BASE_URL ?? '', target.CLIENT_ID ?? ''), { secrets: new SecretRegistry() });
}

/** The settings without any user: the run can only start from the stored chain. */
function withoutUsers(): Record<string, string> {
  return Object.fromEntries(Object.entries(target).filter(([name]) => !/^(LOGIN|LIMITED)_/.test(name)));
}

// One at a time: each child compiles the CLI with tsx and runs against this process's platform.
describe('verify and the stored refresh-token chain', () => {
  it('a dead stored chain without LOGIN_* is TOKEN_REFUSED (7), saying how to start a new chain', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const path = join(dir, 'refused', 'tokens.json');
    await storeAt(path).write({ refreshToken: deadRefreshToken });
    const outcome = await npmRunVerify(['--version', '8.0', '--suites', 'auth'], { ...withoutUsers(), TOKEN_STORE: path, REPORTS_DIR: join(dir, 'refused', 'reports') }, HANG_TIMEOUT_MS);
    const line = expectOneCodedLine(outcome, 'TOKEN_REFUSED', secrets);
    expect(line).toContain('the stored refresh-token chain is dead');
    expect(line).toContain('log in again with LOGIN_USERNAME / LOGIN_PASSWORD');
  });

  it('with LOGIN_* set, a dead stored chain logs in again, says so in one line, and keeps the new chain', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const path = join(dir, 'relogin', 'tokens.json');
    await storeAt(path).write({ refreshToken: deadRefreshToken });
    // The login happens before any suite runs: the auth suite alone shows the run goes on with the new chain.
    const outcome = await npmRunVerify(['--version', '8.0', '--suites', 'auth'], { ...target, TOKEN_STORE: path, REPORTS_DIR: join(dir, 'relogin', 'reports') }, HANG_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(errorLines(outcome)).toEqual([]);
    const notices = outcome.stdout.split('\n').filter((line) => line.includes('logged in again'));
    expect(notices).toEqual([`target 8.0: the refresh-token chain in ${path} was refused (400 invalid_grant); logged in again as LOGIN_USERNAME and stored a new chain`]);
    for (const text of [outcome.stdout, outcome.stderr]) for (const value of secrets) expect(text).not.toContain(value);
    const stored = await storeAt(path).read();
    expect(stored?.refreshToken).toBeTruthy();
    expect(stored?.refreshToken).not.toBe(deadRefreshToken);
    // The limited user's chain is named after TOKEN_STORE (docs/real-target.md).
    await access(join(dir, 'relogin', 'tokens.limited.json'));
  });

  it('a chain issued to another configuration is not used: a wrong CLIENT_SECRET or TARGET_VERSION fails the login, naming what to check, and the chain is kept', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    // The chain the run above stored, with its access token still valid: without the issuer the run would go on with it.
    const path = join(dir, 'relogin', 'tokens.json');
    const before = await storeAt(path).read();
    expect(before?.issuedBy?.tokenEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(JSON.stringify(before)).not.toContain(secret);
    const wrongSecret = 'cs-wrong-do-not-print-0123456789';
    const secretOutcome = await npmRunVerify(['--version', '8.0', '--suites', 'auth'], { ...target, CLIENT_SECRET: wrongSecret, TOKEN_STORE: path, REPORTS_DIR: join(dir, 'relogin', 'wrong-secret') }, HANG_TIMEOUT_MS);
    const secretLine = expectOneCodedLine(secretOutcome, 'TOKEN_REFUSED', [...secrets, wrongSecret]);
    expect(secretLine).toContain('invalid_client');
    expect(secretLine).toContain('the CAS did not accept the client: check CLIENT_ID and CLIENT_SECRET');
    expect(secretLine).toContain(`the refresh-token chain in ${path} was issued with another client secret`);
    const versionOutcome = await npmRunVerify(['--suites', 'auth'], { ...target, TARGET_VERSION: '7.4', TOKEN_STORE: path, REPORTS_DIR: join(dir, 'relogin', 'wrong-version') }, HANG_TIMEOUT_MS);
    const versionLine = expectOneCodedLine(versionOutcome, 'LOGIN_FAILED', secrets);
    expect(versionLine).toContain('TARGET_VERSION');
    expect(versionLine).toContain(`the refresh-token chain in ${path} was issued by another authorization endpoint`);
    // The right configuration's chain is still there, untouched.
    expect((await storeAt(path).read())?.refreshToken).toBe(before?.refreshToken);
  });

  it('the expiry check that cannot wait a token out says when the replaced token TOKEN_STORE keeps can be used', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const path = join(dir, 'kept', 'tokens.json');
    // The platform's tokens live far longer than EXPIRY_MAX_WAIT_S=0: the check needs a token an earlier run kept.
    const run = async (name: string): Promise<string | undefined> => {
      const reports = join(dir, 'kept', name);
      const outcome = await npmRunVerify(['--version', '8.0', '--only', 'auth.expired-token-403'], { ...target, EXPIRY_MAX_WAIT_S: '0', TOKEN_STORE: path, REPORTS_DIR: reports }, HANG_TIMEOUT_MS);
      expect(outcome.code, outcome.stderr).toBe(0);
      const record = JSON.parse(readFileSync(join(reports, 'run-results.json'), 'utf8')) as { results: { checks: { id: string; note?: string }[] } };
      return record.results.checks.find((check) => check.id === 'auth.expired-token-403')?.note;
    };
    expect(await run('first')).toBe('access tokens live longer than EXPIRY_MAX_WAIT_S=0s (raise it above expires_in to wait one out), and TOKEN_STORE keeps no replaced access token yet (it keeps one at a refresh, and a run after that token expires uses it)');
    // A token kept at a refresh that has not expired yet: the reason says from when a run can use it.
    const stored = await storeAt(path).read();
    if (!stored) throw new Error('the first run stored no chain');
    const expiresAt = Date.now() + 3_600_000;
    const { version: _version, target: _target, updatedAt: _updatedAt, ...state } = stored;
    await storeAt(path).write({ ...state, expiredAccessToken: { token: 'at-kept-do-not-print-0123456789', expiresAt } });
    expect(await run('second')).toBe(`access tokens live longer than EXPIRY_MAX_WAIT_S=0s (raise it above expires_in to wait one out), and the access token TOKEN_STORE keeps from its last refresh expires only at ${new Date(expiresAt).toISOString()}: a run from then on uses it`);
  });

  it('a lock left by a killed process is taken over at once: the run goes on', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const path = join(dir, 'lock', 'tokens.json');
    const lock = `${path}.lock`;
    const child = spawn(process.execPath, ['--import', 'tsx', holder, lock], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(child.stdout, 'data');
    child.kill('SIGKILL');
    await once(child, 'exit');
    // An hour ahead: the lock never goes stale by age during the run, so only its dead holder can free it
    // (a lock that is merely waited on ends the run with TOKEN_STORE, src/auth/file-lock.ts DEFAULT_WAIT_MS).
    const later = new Date(Date.now() + 3_600_000);
    await utimes(lock, later, later);
    const outcome = await npmRunVerify(['--from', '7.4', '--to', '8.0'], { ...target, TOKEN_STORE: path, REPORTS_DIR: join(dir, 'lock', 'reports') }, HANG_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(errorLines(outcome)).toEqual([]);
    expect((await storeAt(path).read())?.refreshToken).toBeTruthy();
  });
});
