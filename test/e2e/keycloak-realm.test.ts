/**
 * The auth suites against a Keycloak-shaped 8.0 identity service
 * (test/support/keycloak-realm: oidc-provider with the realm's paths,
 * discovery, Keycloak's login form and token response), as a user runs
 * them: `verify --env-file FILE --suites auth`.
 *
 * - With Keycloak's defaults, once with the endpoints given
 *   (AUTHORIZATION_ENDPOINT, TOKEN_ENDPOINT) and the form driver, once by
 *   discovery (AUTH_DISCOVERY=true) and the browser driver: the login works,
 *   every check the realm keeps passes, each departure fails with what
 *   the realm did and the spec section, and a check a departure leaves
 *   nothing to check is not checked, naming that finding.
 * - A realm at the same paths that keeps the spec (403, single-use refresh
 *   tokens, no client credentials, invalid_client): every check passes
 *   except the departures of oidc-provider itself.
 * - Without the endpoint settings: one LOGIN_FAILED line naming them.
 *
 * Nothing in the checks knows which server they talk to: the lists below
 * are this test's, from the realm's documented behaviour.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutable } from '../../src/auth/chromium.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { expectOneCodedLine, npmRunVerify, type VerifyOutcome } from '../support/verify-command.ts';
import { startKeycloakRealm, type KeycloakRealm } from '../support/keycloak-realm/keycloak-realm.ts';
import { keycloakDefaults, specKeeping, type RealmBehaviour } from '../support/keycloak-realm/realm-provider.ts';
import { filesBelow } from '../support/files-below.ts';

/** Departures of oidc-provider itself, in every realm (as in test/e2e/independent-cas.test.ts). */
const serverDepartures: Readonly<Record<string, readonly string[]>> = {
  // RFC 6749 §4.1.1 only recommends state; spec §4.1, §5.4 require it.
  'auth.authorization-missing-param.state': ['without state', 'spec §4.1'],
  // Optional in OAuth 2.0 Multiple Response Types §2.1; spec §4.1 requires it on 8.0.
  'auth.authorization-missing-param.response_mode': ['without response_mode', 'spec §4.1'],
};

/** Keycloak's defaults that depart from the spec: each fails, its message naming what the realm did and the section. */
const keycloakDepartures: Readonly<Record<string, readonly string[]>> = {
  'auth.expired-token-403': ['answers an expired access token with 401 and WWW-Authenticate: Bearer error="invalid_token"', 'spec §5.7', 'refreshes its token only on 403'],
  'auth.unsupported-grant.client_credentials': ['issued tokens for grant_type=client_credentials', 'spec §1 and §5.9'],
  'auth.refresh-old-rejected': ['issued tokens for a refresh token that a refresh had already replaced', 'spec §5.8 and §8'],
  'auth.wrong-secret-invalid-client': ['answers a wrong client secret with 401 error=unauthorized_client', 'spec §7'],
};

/** Checks one of Keycloak's departures leaves nothing to check: not checked, naming the finding (one root cause, one finding). */
const keycloakConsequences: Readonly<Record<string, string>> = {
  // A replaced refresh token that still works was never detected as reused: nothing was revoked.
  'auth.refresh-family-revoked': 'auth.refresh-old-rejected',
};

/** Checks that do not apply to 8.0; they skip with their reason. */
const notApplicable = new Set(['auth.scope-error']);

interface RealmRun {
  readonly name: string;
  readonly behaviour: RealmBehaviour;
  readonly endpoints: 'explicit' | 'discovery';
  readonly driver: 'form' | 'browser';
  readonly departures: Readonly<Record<string, readonly string[]>>;
  readonly consequences?: Readonly<Record<string, string>>;
}

const realmRuns: readonly RealmRun[] = [
  { name: "Keycloak's defaults, endpoints given, form driver", behaviour: keycloakDefaults, endpoints: 'explicit', driver: 'form', departures: { ...serverDepartures, ...keycloakDepartures }, consequences: keycloakConsequences },
  { name: "Keycloak's defaults, by discovery, browser driver", behaviour: keycloakDefaults, endpoints: 'discovery', driver: 'browser', departures: { ...serverDepartures, ...keycloakDepartures }, consequences: keycloakConsequences },
  { name: 'a realm that keeps the spec, by discovery, form driver', behaviour: specKeeping, endpoints: 'discovery', driver: 'form', departures: serverDepartures },
];

/** Why the browser runs cannot run here, or undefined. In CI a missing Chromium is a failure, not a skip. */
const noBrowser = ((): string | undefined => {
  try {
    chromiumExecutable(process.env.CHROMIUM_PATH);
    return undefined;
  } catch (error) {
    return process.env.CI ? undefined : `no Chromium for LOGIN_DRIVER=browser: ${(error as Error).message}`;
  }
})();

/** Access tokens live this long at the realm; its resource server accepts them this much longer (as in independent-cas.test.ts). */
const accessTokenTtlSeconds = 3;
const leewaySeconds = 15;

interface CheckOutcome {
  readonly status: string;
  readonly message: string;
}

interface Outcome {
  readonly realm: KeycloakRealm;
  readonly verify: VerifyOutcome;
  readonly reportsDir: string;
  readonly tokenStore: string;
  readonly checks: ReadonlyMap<string, CheckOutcome>;
}

const dir = mkdtempSync(join(tmpdir(), 'ug-keycloak-realm-'));
const outcomes = new Map<string, Outcome>();
let unconfigured: { realm: KeycloakRealm; verify: VerifyOutcome } | undefined;

beforeAll(async () => {
  const runnable = realmRuns.filter((run) => run.driver === 'form' || noBrowser === undefined);
  // Two at a time: the runner has two cores and other work.
  await Promise.all([
    (async () => {
      for (const run of runnable.slice(0, 2)) outcomes.set(run.name, await runRealm(run));
    })(),
    (async () => {
      for (const run of runnable.slice(2)) outcomes.set(run.name, await runRealm(run));
      const realm = await startKeycloakRealm({ behaviour: keycloakDefaults, accessTokenTtlSeconds, leewaySeconds });
      unconfigured = { realm, verify: await npmRunVerify(['--suites', 'auth'], { ...realm.env, TOKEN_STORE: join(dir, 'unconfigured.json'), REPORTS_DIR: join(dir, 'unconfigured') }, HANG_TIMEOUT_MS) };
    })(),
  ]);
}, 2 * HANG_TEST_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([...outcomes.values()].map((outcome) => outcome.realm.close()));
  await unconfigured?.realm.close();
});

describe.each(realmRuns)('the auth suites against a Keycloak-shaped realm: $name', (run) => {
  it('logs in and runs to a verdict (exit 0 or 1), the auth checks only', ({ skip }) => {
    const outcome = outcomeOf(run, skip);
    expect([0, 1], outcome.verify.stdout.slice(-3000) + outcome.verify.stderr).toContain(outcome.verify.code);
    expect(outcome.checks.size, 'checks reported').toBeGreaterThanOrEqual(20);
    expect([...outcome.checks.keys()].every((id) => id.startsWith('auth.'))).toBe(true);
  });

  it('passes every check the realm keeps; each departure fails naming what the realm did and the spec section', ({ skip }) => {
    const outcome = outcomeOf(run, skip);
    const unexpected: string[] = [];
    for (const [id, check] of outcome.checks) {
      const finding = run.consequences?.[id];
      const expected = run.departures[id] ? 'failed' : notApplicable.has(id) || finding !== undefined ? 'skipped' : 'passed';
      if (check.status !== expected) unexpected.push(`${id}: ${check.status}, expected ${expected}: ${check.message}`);
      for (const fragment of [...(run.departures[id] ?? []), ...(finding === undefined ? [] : [`(finding ${finding})`])]) {
        if (!check.message.includes(fragment)) unexpected.push(`${id}: the message does not say "${fragment}": ${check.message}`);
      }
    }
    for (const id of Object.keys(run.departures)) if (!outcome.checks.has(id)) unexpected.push(`${id}: listed as a departure but did not run`);
    expect(unexpected).toEqual([]);
  });

  it("says in the summary and the Allure environment which endpoints were used, and that they are not the spec's", ({ skip }) => {
    const outcome = outcomeOf(run, skip);
    const from = run.endpoints === 'explicit' ? ['AUTHORIZATION_ENDPOINT', 'TOKEN_ENDPOINT'] : ['the issuer metadata at', '/access/realms/acme/.well-known/openid-configuration'];
    const summary = outcome.verify.stdout.split('\n').find((line) => line.startsWith('upgrade-guard summary:')) ?? '';
    expect(summary).toContain("CAS endpoints not at the spec's paths");
    expect(summary).toContain('/access/realms/acme/protocol/openid-connect/auth');
    for (const fragment of from) expect(summary).toContain(fragment);
    const environment = readFileSync(join(outcome.reportsDir, 'allure-results', 'environment.properties'), 'utf8');
    expect(environment).toMatch(/token_endpoint *= *http:\/\/127\.0\.0\.1:\d+\/access\/realms\/acme\/protocol\/openid-connect\/token/);
    expect(environment).toMatch(/authorization_endpoint_source *= *not the spec's path/);
    // The migration report's auth section: the endpoints as an observation of a passed step, never a failure.
    const report = readFileSync(join(outcome.reportsDir, 'migration-report.md'), 'utf8');
    expect(report).toContain('## Authentication');
    // EXTRA_HEADERS reached the API (else every bearer check would see 400), and their values are redacted.
    expect(outcome.checks.get('auth.bearer-keyword-case')?.status).toBe('passed');
    for (const file of filesBelow(outcome.reportsDir)) expect(readFileSync(file, 'latin1'), file).not.toMatch(/x-user-login"?\s*[:=]\s*"?(?!\[REDACTED\])\w/i);
    expect(report).toMatch(/\| authorization request \|[^\n]*\| authorization endpoint at http:\/\/127\.0\.0\.1:\d+\/access\/realms\/acme\/protocol\/openid-connect\/auth, not the spec's [^\n]*\| as the spec says \|/);
  });

  it('leaks no secret, session value or token into the output or the reports', ({ skip }) => {
    const outcome = outcomeOf(run, skip);
    const configured = ['CLIENT_SECRET', 'LOGIN_PASSWORD', 'LIMITED_PASSWORD'].map((name) => outcome.realm.env[name] ?? '');
    const stored = JSON.parse(readFileSync(outcome.tokenStore, 'utf8')) as { refreshToken?: unknown; accessToken?: unknown };
    const signature = typeof stored.accessToken === 'string' ? stored.accessToken.slice(stored.accessToken.lastIndexOf('.') + 1) : undefined;
    const secrets = [...configured, stored.refreshToken, signature].filter((value): value is string => typeof value === 'string' && value.length >= 8);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    const texts = [outcome.verify.stdout, outcome.verify.stderr, ...filesBelow(outcome.reportsDir).map((file) => readFileSync(file, 'latin1'))];
    for (const text of texts) {
      for (const secret of secrets) expect(text.includes(secret), 'a secret in the output or a report').toBe(false);
      expect(text, 'a session_state value').not.toMatch(/session_state(?:=|"\s*:\s*")(?!\[REDACTED\]|%5BREDACTED%5D)[\w-]/);
      expect(text, 'an authorization code').not.toMatch(/[?&]code=(?!\[REDACTED\]|%5BREDACTED%5D)[^&\s"'<]/);
    }
  });
});

describe('the realm without the endpoint settings', () => {
  it('stops with one LOGIN_FAILED line that names AUTHORIZATION_ENDPOINT and AUTH_DISCOVERY', () => {
    if (!unconfigured) throw new Error('the run without endpoint settings did not start');
    const line = expectOneCodedLine(unconfigured.verify, 'LOGIN_FAILED', [unconfigured.realm.env.CLIENT_SECRET ?? '', unconfigured.realm.env.LOGIN_PASSWORD ?? '']);
    expect(line).toContain('404');
    expect(line).toContain('AUTHORIZATION_ENDPOINT');
    expect(line).toContain('AUTH_DISCOVERY=true');
  });
});

function outcomeOf(run: RealmRun, skip: (note?: string) => never): Outcome {
  if (run.driver === 'browser' && noBrowser !== undefined) skip(noBrowser);
  const outcome = outcomes.get(run.name);
  if (!outcome) throw new Error(`the run "${run.name}" did not start`);
  return outcome;
}

/** The 8.0 guide's user-context header: the realm's resource server answers 400 without it, EXTRA_HEADERS sends it. */
const userContextHeader = 'X-User-Login';

async function runRealm(run: RealmRun): Promise<Outcome> {
  const realm = await startKeycloakRealm({ behaviour: run.behaviour, accessTokenTtlSeconds, leewaySeconds, userContextHeader });
  const folder = mkdtempSync(join(dir, `${run.driver}-${run.endpoints}-`));
  const reportsDir = join(folder, 'reports');
  const tokenStore = join(folder, 'tokens.json');
  const variables = {
    ...(run.endpoints === 'explicit' ? realm.explicitEnv : realm.discoveryEnv),
    TOKEN_STORE: tokenStore,
    REPORTS_DIR: reportsDir,
    LOGIN_DRIVER: run.driver,
    EXTRA_HEADERS: `${userContextHeader}: ${realm.env.LOGIN_USERNAME}`,
    // The token's whole life fits the wait budget; the leeway probe ends at the first refusal.
    EXPIRY_MAX_WAIT_S: String(accessTokenTtlSeconds + 2),
    // Only catches a hang of the realm or the resource server, which a busy runner must not trip.
    REQUEST_TIMEOUT_MS: '60000',
  };
  const envFile = join(folder, 'realm.env');
  writeFileSync(envFile, `${Object.entries(variables).map(([name, value]) => `${name}=${value}`).join('\n')}\n`);
  const verify = await npmRunVerify(['--env-file', envFile, '--suites', 'auth'], {}, HANG_TIMEOUT_MS);
  return { realm, verify, reportsDir, tokenStore, checks: readChecks(join(reportsDir, 'allure-results')) };
}

/** The Allure results by check id: status and failure message, as a user's report shows them. */
function readChecks(resultsDir: string): Map<string, CheckOutcome> {
  const checks = new Map<string, CheckOutcome>();
  let files: string[] = [];
  try {
    files = readdirSync(resultsDir).filter((file) => file.endsWith('-result.json'));
  } catch {
    return checks;
  }
  for (const file of files) {
    const result = JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as { status?: string; labels?: { name: string; value: string }[]; statusDetails?: { message?: string }; description?: string };
    const id = result.labels?.find((label) => label.name === 'check')?.value;
    // A skipped check's reason is its description (src/check/skip.ts).
    const message = result.statusDetails?.message ?? (result.status === 'skipped' ? result.description : undefined) ?? '';
    if (id !== undefined && typeof result.status === 'string') checks.set(id, { status: result.status, message });
  }
  return checks;
}
