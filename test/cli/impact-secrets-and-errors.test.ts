/**
 * `npm run impact` with a HAR full of secrets (Authorization, cookies,
 * Set-Cookie, tokens in query strings, JSON and form bodies, an echoed
 * token in a response): none reaches stdout, stderr or any report, also
 * when ALLOW_MUTATIONS=true replays every call against the embedded 8.0.
 * Bad input gets one coded line and its exit code.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectOneCodedLine } from '../support/verify-command.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';

/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
const dir = mkdtempSync(join(tmpdir(), 'ug-impact-secrets-'));

const secrets = {
  bearer: 'sec-bearer-token-9f8e7d6c5b4a',
  cookie: 'sec-cookie-session-1a2b3c4d',
  setCookie: 'sec-set-cookie-5e6f7a8b',
  queryToken: 'sec-query-access-token-0c1d2e',
  queryCode: 'sec-query-code-3f4a5b6c',
  bodyPassword: 'sec-body-password-7d8e9f',
  bodyRefresh: 'sec-body-refresh-token-a1b2c3',
  formSecret: 'sec-form-client-secret-d4e5f6',
  apiKey: 'sec-api-key-77aa88bb',
} as const;

function entry(method: string, url: string, body?: { mimeType: string; text: string }, response?: unknown): unknown {
  return {
    startedDateTime: '2026-11-20T10:00:00.000Z',
    time: 10,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Authorization', value: `Bearer ${secrets.bearer}` },
        { name: 'Cookie', value: `JSESSIONID=${secrets.cookie}` },
        { name: 'X-Api-Key', value: secrets.apiKey },
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: -1,
      ...(body && { postData: body }),
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Set-Cookie', value: `JSESSIONID=${secrets.setCookie}; Path=/; HttpOnly` }],
      cookies: [],
      content: { size: -1, mimeType: 'application/json', text: JSON.stringify(response ?? {}) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 1, wait: 8, receive: 1 },
  };
}

const base = 'https://platform.example.com';
const secretHar = {
  log: {
    version: '1.2',
    creator: { name: 'test', version: '1' },
    entries: [
      entry('GET', `${base}/rest/mp/v1.1/web-tracing/77401?access_token=${secrets.queryToken}&code=${secrets.queryCode}`, undefined, { links: [], echoed: secrets.bearer }),
      entry('POST', `${base}/dse/rest/v1.0/jobs/_search`, { mimeType: 'application/json', text: JSON.stringify({ userId: 1042, password: secrets.bodyPassword, note: `refresh ${secrets.bodyRefresh}` }) }, { refresh_token: secrets.bodyRefresh }),
      entry('POST', `${base}/cas/api/v1.1/token`, { mimeType: 'application/x-www-form-urlencoded', text: `grant_type=refresh_token&client_id=app&client_secret=${secrets.formSecret}&refresh_token=${secrets.bodyRefresh}` }),
      entry('POST', `${base}/rm/rest/v1.0/reviews/_create-review-object`, { mimeType: 'application/json', text: JSON.stringify({ name: 'proof', flagCreateJmsCommentfield: true, token: secrets.queryToken }) }),
    ],
  },
};

describe('npm run impact with a HAR full of secrets', () => {
  it('never writes one to the console or a report, offline or replayed with ALLOW_MUTATIONS=true', async () => {
    const har = join(dir, 'secrets.har');
    writeFileSync(har, JSON.stringify(secretHar));
    for (const [index, mode] of [[], ['--embedded', '8.0']].entries()) {
      const reportsDir = join(dir, `reports-${index}`);
      const outcome = await npmRunImpact(['--har', har, ...mode], { REPORTS_DIR: reportsDir, ALLOW_MUTATIONS: 'true' }, COMMAND_TIMEOUT_MS);
      expect(outcome.code, outcome.stderr).toBe(0);
      const { report, markdown, json, html } = readImpactFiles(reportsDir);
      expect(Object.fromEntries(report.calls.map((call) => [`${call.method} ${call.endpoint}`, call.verdict]))).toEqual({
        'GET /rest/mp/v1.1/web-tracing/{assetId}': 'unchanged',
        'POST /dse/rest/v1.0/jobs/_search': 'review',
        'POST {auth_url}/api/v1.1/token': 'unchanged',
        'POST /rm/rest/v1.0/reviews/_create-review-object': 'review',
      });
      if (mode.length > 0) {
        // ALLOW_MUTATIONS=true: the POST that changes data is replayed too.
        expect(report.calls.find((call) => call.endpoint === '/rm/rest/v1.0/reviews/_create-review-object')?.observed?.replayed).toBe(true);
      }
      expect(markdown).toContain('access_token=[REDACTED]');
      for (const secret of Object.values(secrets)) expect(`${outcome.stdout}${outcome.stderr}${markdown}${json}${html}`).not.toContain(secret);
    }
  }, HANG_TIMEOUT_MS + HANG_TEST_TIMEOUT_MS);
});

describe('npm run impact with bad input', () => {
  it.each([
    ['a file that is not JSON', '{"log": ', 'CONFIG_INVALID'],
    ['a HAR without entries', JSON.stringify({ log: { version: '1.2' } }), 'CONFIG_INVALID'],
    ['an entry without a URL', JSON.stringify({ log: { version: '1.2', entries: [{ request: { method: 'GET', headers: [] }, response: { status: 200 } }] } }), 'CONFIG_INVALID'],
  ] as const)('--har with %s: one coded line', async (_, content, code) => {
    const file = join(dir, `bad-${content.length}.har`);
    writeFileSync(file, content);
    const line = expectOneCodedLine(await npmRunImpact(['--har', file], { REPORTS_DIR: join(dir, 'bad') }, COMMAND_TIMEOUT_MS), code);
    expect(line).toContain(file);
  }, HANG_TEST_TIMEOUT_MS);

  it('--calls with a line that is no call names the line', async () => {
    const file = join(dir, 'calls.txt');
    writeFileSync(file, 'GET /rest/mp/v1.2/themes\nFETCH /rest/mp/v1.2/themes\n');
    expect(expectOneCodedLine(await npmRunImpact(['--calls', file], { REPORTS_DIR: join(dir, 'bad') }, COMMAND_TIMEOUT_MS), 'CONFIG_INVALID')).toContain(`${file}:2`);
  }, HANG_TEST_TIMEOUT_MS);

  it('no input at all is a usage error', async () => {
    expectOneCodedLine(await npmRunImpact([], { REPORTS_DIR: join(dir, 'bad') }, COMMAND_TIMEOUT_MS), 'USAGE');
  }, HANG_TEST_TIMEOUT_MS);
});
