/**
 * `npm run impact` on the shipped examples, as a user runs it: every
 * distinct call of the HAR, the pact and the call list gets the verdict
 * the spec gives it, offline and against the embedded 8.0; against the
 * target the safe calls (GET, the catalog's read-only searches) are
 * replayed and the others are not, without ALLOW_MUTATIONS.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { ImpactVerdict } from '../../src/impact/types.ts';
import { npmRunImpact, readImpactFiles } from '../support/impact-command.ts';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import { vendorOpenapiDir } from '../support/shared-documents.ts';

const sharedDocuments = inject('sharedDocuments');

/** A child command's bound: it only catches a hang (test/support/hang-timeout.ts). */
const COMMAND_TIMEOUT_MS = HANG_TIMEOUT_MS;
const dir = mkdtempSync(join(tmpdir(), 'ug-impact-examples-'));

interface Expected {
  readonly verdict: ImpactVerdict;
  readonly replacement?: string;
  /** Replayed against a target: GET, and the searches the catalog marks read-only. */
  readonly safe: boolean;
}

const examples: Readonly<Record<string, { readonly args: readonly string[]; readonly calls: Readonly<Record<string, Expected>> }>> = {
  'call list': {
    args: ['--calls', 'examples/gateway-calls.txt'],
    calls: {
      'DELETE /dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/_delete': { verdict: 'blocking', safe: false },
      'GET /maps/rest/api/{version}/node-type/icons/download/{typeId}': { verdict: 'blocking', safe: true },
      'GET /wp/rest/user/write/attachments': { verdict: 'blocking', safe: true },
      'GET /maps/rest/api/{version}/usergroups/all': { verdict: 'replace', replacement: 'none named by the spec: plan to move off it (spec §9.4)', safe: true },
      'GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps': { verdict: 'replace', replacement: 'GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps', safe: true },
      'GET /dse/rest/v1.0/dashboards/my-active': { verdict: 'review', safe: true },
      'DELETE /dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants/{userUUID}': { verdict: 'review', safe: false },
      'GET /rm/rest/v1.0/util/reviews/{id}/_get-general-info': { verdict: 'review', safe: true },
      'GET /rest/mp/v1.1/web-tracing/{assetId}': { verdict: 'unchanged', safe: true },
      'GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps': { verdict: 'unchanged', safe: true },
      'GET /wp/rest/templates/{id}/boxes': { verdict: 'unchanged', safe: true },
      'GET /rest/mp/v1.0/assets/{id}/metadata': { verdict: 'unknown', safe: true },
      'GET /rest/mp/v1.0/assets/{id}/print-proof': { verdict: 'unknown', safe: true },
    },
  },
  HAR: {
    args: ['--har', 'examples/campaign-portal.har'],
    calls: {
      'GET /rest/mp/v1.0/archive-entries/asset/{assetId}': { verdict: 'blocking', safe: true },
      'POST /shop/api/rest/v1.0/search/advanced': { verdict: 'blocking', safe: true },
      'GET {auth_url}/api/v1.1/authorization': { verdict: 'replace', replacement: 'GET {auth_url}/oauth2/auth with response_mode=query instead of scope=openid', safe: false },
      'PUT /maps/rest/api/{version}/group/{id}': { verdict: 'replace', replacement: 'none named by the spec: plan to move off it (spec §9.4)', safe: false },
      'POST /dse/rest/v1.0/jobs/_search': { verdict: 'review', safe: true },
      'GET /rest/mp/v1.1/assets/{assetId}': { verdict: 'review', safe: true },
      'GET /rest/mp/v1.2/themes': { verdict: 'review', safe: true },
      'POST /rm/rest/v1.0/reviews/_create-review-object': { verdict: 'review', safe: false },
      'POST {auth_url}/api/v1.1/token': { verdict: 'unchanged', safe: false },
      'GET /rest/mp/v1.1/web-tracing/{assetId}': { verdict: 'unchanged', safe: true },
      'GET /rest/mp/v1.0/assets/{id}/metadata': { verdict: 'unknown', safe: true },
    },
  },
  pact: {
    args: ['--pact', 'examples/campaign-planner-marketing-platform.json'],
    calls: {
      'GET /maps/rest/api/{version}/node-type/icons/download/{typeId}': { verdict: 'blocking', safe: true },
      'POST /shop/api/rest/v1.0/search/advanced': { verdict: 'blocking', safe: true },
      'POST /wp/rest/attachment/externalIds': { verdict: 'blocking', safe: false },
      'GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps': { verdict: 'replace', replacement: 'GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps', safe: true },
      'GET /dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}': { verdict: 'review', safe: true },
      'GET /rest/mp/v1.0/asset-attributes': { verdict: 'review', safe: true },
      'POST /rm/rest/v1.0/reviews/_create-review-object': { verdict: 'review', safe: false },
      'GET /maps/rest/api/{version}/view/lastused/user/{userId}': { verdict: 'unchanged', safe: true },
      'GET /wp/rest/templates/{id}/variables': { verdict: 'unchanged', safe: true },
      'GET /rest/mp/v1.0/virtual-databases': { verdict: 'unknown', safe: true },
    },
  },
};

/** Secrets the example HAR carries (bearer token, refresh token, client secret, code, cookies, password). */
const harSecrets = [
  'har-example-signature-Qm9yZGVy',
  'har-example-refresh-token-7f3a9c2e',
  'har-example-client-secret-41d2b7',
  'har-example-code-5d21aa90',
  'har-example-session-0b8e41f3',
  'har-example-password-Sp1ng',
];

const modes = [
  { name: 'offline', args: [] },
  { name: 'against the embedded 8.0', args: ['--embedded', '8.0'] },
] as const;

let runs = 0;

describe.each(modes)('npm run impact $name', ({ name, args: modeArgs }) => {
  // Without the vendor's documents next to the repository these are skipped (test/support/shared-documents.ts).
  it.runIf(sharedDocuments).each(Object.entries(examples))(`gives every call of the %s example its verdict${sharedDocuments ? '' : ' (skipped: no vendor documents)'}`, async (_, example) => {
    runs += 1;
    const reportsDir = join(dir, `reports-${runs}`);
    const outcome = await npmRunImpact([...example.args, ...modeArgs, '--openapi', vendorOpenapiDir], { REPORTS_DIR: reportsDir }, COMMAND_TIMEOUT_MS);
    // Every example holds a blocking call: exit 1.
    expect(outcome.code, outcome.stderr).toBe(1);
    const { report, markdown, json, html } = readImpactFiles(reportsDir);

    const verdicts = Object.fromEntries(report.calls.map((call) => [`${call.method} ${call.endpoint}`, call.verdict]));
    expect(verdicts).toEqual(Object.fromEntries(Object.entries(example.calls).map(([call, expected]) => [call, expected.verdict])));
    for (const call of report.calls) {
      const expected = example.calls[`${call.method} ${call.endpoint}`];
      expect(call.replacement, call.endpoint).toBe(expected?.replacement);
      if (name === 'offline') {
        expect(call.observed).toBeUndefined();
      } else {
        expect(call.observed?.replayed, `${call.method} ${call.endpoint}: ${JSON.stringify(call.observed)}`).toBe(expected?.safe);
        if (call.observed?.replayed === false && call.method !== 'GET' && !call.endpoint.startsWith('{auth_url}')) expect(call.observed.reason).toContain('ALLOW_MUTATIONS=true');
        // The embedded 8.0 keeps the spec: what it did never contradicts a prediction.
        if (call.observed?.replayed === true) expect(call.observed.agrees, `${call.method} ${call.endpoint}: ${JSON.stringify(call.observed)}`).not.toBe(false);
      }
      // With the vendor's documents, an unknown call says whether 8.0's document has it.
      if (call.verdict === 'unknown') expect(call.vendor, call.endpoint).toMatch(/^the vendor's 8\.0 document \(\S+\) has /);
    }

    // The summary line counts each verdict, and says the same as the report.
    const counts = report.summary;
    expect(outcome.stdout).toContain(`${report.calls.length} distinct calls: ${counts.blocking} blocking, ${counts.replace} replace, ${counts.review} review, ${counts.unchanged} unchanged, ${counts.unknown} unknown`);
    for (const secret of harSecrets) expect(`${outcome.stdout}${outcome.stderr}${markdown}${json}${html}`).not.toContain(secret);
  }, HANG_TEST_TIMEOUT_MS);
});

describe('npm run impact with the pact sources verify reads', () => {
  it.each([
    ['PACT_URLS', 'examples/campaign-planner-marketing-platform.json'],
    ['PACT_DIR', 'examples'],
  ])('%s: the example pact gets the same verdicts as with --pact', async (variable, value) => {
    runs += 1;
    const reportsDir = join(dir, `reports-${runs}`);
    const outcome = await npmRunImpact([], { [variable]: value, REPORTS_DIR: reportsDir }, COMMAND_TIMEOUT_MS);
    expect(outcome.code, outcome.stderr).toBe(1);
    const { report } = readImpactFiles(reportsDir);
    const verdicts = Object.fromEntries(report.calls.map((call) => [`${call.method} ${call.endpoint}`, call.verdict]));
    expect(verdicts).toEqual(Object.fromEntries(Object.entries(examples.pact?.calls ?? {}).map(([call, expected]) => [call, expected.verdict])));
  }, HANG_TEST_TIMEOUT_MS);
});
