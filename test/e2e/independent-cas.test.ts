/**
 * The auth suites against an OAuth server nobody here wrote (DESIGN.md "Two
 * references nobody here wrote"): oidc-provider set up as the CAS of each
 * version (test/support/independent-cas), with a resource server that
 * allows the usual clock-skew leeway. Each version runs as a user would run
 * it: `verify --env-file FILE --suites auth` against a real target.
 *
 * Every auth check passes, except where that server departs from the spec:
 * those are listed once, below, with the reason, and must fail (a listed
 * departure that no longer fails is reported too).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { runScript } from '../support/package-script.ts';
import { unredactedLoginFlowValues } from '../support/leak-scan.ts';
import { startIndependentCas, type IndependentCas } from '../support/independent-cas/independent-cas.ts';
import type { CasVersion } from '../support/independent-cas/cas-provider.ts';
import { filesBelow } from '../support/files-below.ts';

const versions: readonly CasVersion[] = ['7.4', '8.0'];

/** Checks that fail on oidc-provider because it departs from the spec, per version, and why. */
const serverDepartures: Readonly<Record<string, { readonly versions: readonly CasVersion[]; readonly reason: string }>> = {
  'auth.authorization-missing-param.state': {
    versions: ['7.4', '8.0'],
    reason: 'oidc-provider issues a code for a request without state (RFC 6749 §4.1.1 only recommends it); spec §4.1, §5.4 require it',
  },
  'auth.authorization-missing-param.response_mode': {
    versions: ['8.0'],
    reason: 'oidc-provider defaults response_mode to query for response_type=code (it is optional in OAuth 2.0 Multiple Response Types §2.1); spec §4.1 requires it on 8.0',
  },
};

/** Checks that do not apply to a version; they skip with their reason. */
const notApplicable: Readonly<Record<string, readonly CasVersion[]>> = {
  // Spec §4.1, §9.1: the 8.0 authorization request takes no scope parameter.
  'auth.scope-error': ['8.0'],
};

/** Access tokens live this long at the CAS; the resource server accepts them this much longer. */
const accessTokenTtlSeconds = 3;
const leewaySeconds = 15;

interface CheckOutcome {
  readonly status: string;
  readonly observed: string | undefined;
}

interface VersionRun {
  readonly cas: IndependentCas;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportsDir: string;
  readonly checks: ReadonlyMap<string, CheckOutcome>;
}

const dir = mkdtempSync(join(tmpdir(), 'ug-independent-cas-'));
const runs = new Map<CasVersion, VersionRun>();

beforeAll(async () => {
  await Promise.all(versions.map(async (version) => runs.set(version, await runVersion(version))));
}, HANG_TEST_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([...runs.values()].map((run) => run.cas.close()));
});

describe.each(versions)('the auth suites of %s against oidc-provider as the CAS', (version) => {
  it('run to the end: a verdict (exit 0 or 1), no error line', () => {
    const run = runOf(version);
    expect([0, 1], run.stdout.slice(-2000) + run.stderr).toContain(run.code);
    expect(run.checks.size, 'checks reported').toBeGreaterThanOrEqual(20);
    expect([...run.checks.keys()].every((id) => id.startsWith('auth.')), 'only the auth suites ran').toBe(true);
  });

  it('pass, except the listed server departures, which fail', () => {
    const run = runOf(version);
    const unexpected: string[] = [];
    for (const [id, outcome] of run.checks) {
      const departs = serverDepartures[id]?.versions.includes(version) ?? false;
      const expected = departs ? 'failed' : notApplicable[id]?.includes(version) ? 'skipped' : 'passed';
      if (outcome.status !== expected) unexpected.push(`${id}: ${outcome.status}, expected ${expected}${outcome.observed ? ` (observed: ${outcome.observed})` : ''}`);
    }
    for (const [id, departure] of Object.entries(serverDepartures)) {
      if (departure.versions.includes(version) && !run.checks.has(id)) unexpected.push(`${id}: listed as a departure but did not run`);
    }
    expect(unexpected).toEqual([]);
  });

  it('report the bad-scope error code and the resource server leeway the expiry check saw', () => {
    const run = runOf(version);
    if (version === '7.4') expect(run.checks.get('auth.scope-error')?.observed).toMatch(/^error=\w+$/);
    // The resource server accepts a token until `exp` + 15 s: the check probes past it and reports the lag it saw,
    // and the acceptance past expires_in as an observation of its own.
    expect(run.checks.get('auth.expired-token-403')?.observed).toMatch(/^refused with 403 \d+\.\ds after expires_in .*; accepted \d+\.\ds past expires_in, within EXPIRY_LEEWAY_S=\d+s$/);
  });

  it('leaks no secret into the output or the reports', () => {
    const run = runOf(version);
    const configured = ['CLIENT_SECRET', 'LOGIN_PASSWORD', 'LIMITED_PASSWORD'].map((name) => run.cas.env[name] ?? '');
    expect(configured.every((secret) => secret.length > 0)).toBe(true);
    // The tokens the run was issued and kept (oidc-provider's own, not ours), and the configured secrets.
    const stored = JSON.parse(readFileSync(join(dir, version, 'tokens.json'), 'utf8')) as { refreshToken?: unknown; accessToken?: unknown };
    // A JWT access token (RFC 9068) shares its header with every other JWT: its signature is what is its own.
    const signature = typeof stored.accessToken === 'string' ? stored.accessToken.slice(stored.accessToken.lastIndexOf('.') + 1) : undefined;
    const secrets = [...configured, stored.refreshToken, signature].filter((value): value is string => typeof value === 'string' && value.length >= 8);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const haystacks = [
      { name: 'stdout', text: run.stdout },
      { name: 'stderr', text: run.stderr },
      ...filesBelow(run.reportsDir).map((file) => ({ name: file, text: readFileSync(file, 'latin1') })),
    ];
    // Random values: any 8 characters of one in an output is a leak, not chance.
    const fragments = secrets.flatMap((value) => Array.from({ length: value.length - 7 }, (_, at) => value.slice(at, at + 8)));
    for (const { name, text } of haystacks) {
      for (const secret of secrets) expect(text.includes(secret), `a secret in ${name}`).toBe(false);
      expect(fragments.find((fragment) => text.includes(fragment)), `8 characters of a secret in ${name}`).toBeUndefined();
      // Values the test never learns: the code in the 303's Location and its "Redirecting to …?code=" body, and
      // the hidden values of oidc-provider's login and consent pages.
      expect(text, `an authorization code in ${name}`).not.toMatch(/[?&]code=(?!\[REDACTED\]|%5BREDACTED%5D)[^&\s"'<]/);
      expect(text, `a hidden form value in ${name}`).not.toMatch(/type=\\?"hidden\\?"[^>]*value=\\?"(?!\[REDACTED\])[^"\\]/);
    }
    // The hidden values of the login pages and the OAuth state, wherever else they appear: a redirect's Location or
    // any other header, the URL of the request that follows it, a form body.
    expect(unredactedLoginFlowValues(haystacks)).toEqual([]);
  });
});

function runOf(version: CasVersion): VersionRun {
  const run = runs.get(version);
  if (!run) throw new Error(`the ${version} run did not start`);
  return run;
}

async function runVersion(version: CasVersion): Promise<VersionRun> {
  const cas = await startIndependentCas({ version, accessTokenTtlSeconds, leewaySeconds });
  const reportsDir = join(dir, version, 'reports');
  const envFile = join(dir, `${version}.env`);
  const lines = {
    ...cas.env,
    TOKEN_STORE: join(dir, version, 'tokens.json'),
    REPORTS_DIR: reportsDir,
    // The token's whole life fits the wait budget; EXPIRY_LEEWAY_S keeps its default (30 s).
    EXPIRY_MAX_WAIT_S: String(accessTokenTtlSeconds + 2),
    // Only catches a hang of the CAS or the resource server, which a busy runner must not trip.
    REQUEST_TIMEOUT_MS: '60000',
  };
  writeFileSync(envFile, `${Object.entries(lines).map(([name, value]) => `${name}=${value}`).join('\n')}\n`);
  // The user's own command, not an internal entry point.
  const outcome = await runScript('verify', ['--env-file', envFile, '--suites', 'auth', '--no-html'], {}, HANG_TIMEOUT_MS);
  return { cas, ...outcome, reportsDir, checks: readChecks(join(reportsDir, 'allure-results')) };
}

/** The Allure results of the run, by check id: what a user's report shows. */
function readChecks(resultsDir: string): Map<string, CheckOutcome> {
  const checks = new Map<string, CheckOutcome>();
  let files: string[] = [];
  try {
    files = readdirSync(resultsDir).filter((file) => file.endsWith('-result.json'));
  } catch {
    return checks;
  }
  for (const file of files) {
    const result: unknown = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
    const id = namedValue(result, 'labels', 'check');
    if (id === undefined || !result || typeof result !== 'object' || !('status' in result) || typeof result.status !== 'string') continue;
    checks.set(id, { status: result.status, observed: namedValue(result, 'parameters', 'observed') });
  }
  return checks;
}

/** `value` of the entry called `name` in an Allure result's `labels` or `parameters`. */
function namedValue(result: unknown, list: 'labels' | 'parameters', name: string): string | undefined {
  if (!result || typeof result !== 'object' || !(list in result)) return undefined;
  const entries: unknown = (result as Record<typeof list, unknown>)[list];
  if (!Array.isArray(entries)) return undefined;
  for (const entry of entries) {
    if (entry && typeof entry === 'object' && 'name' in entry && entry.name === name && 'value' in entry && typeof entry.value === 'string') return entry.value;
  }
  return undefined;
}
