/**
 * `npm run verify` on the embedded platform, both versions, with vendor
 * conformance on (OPENAPI_DIR = the vendor's documents next to the repo):
 * one conformance check per exercised endpoint for each version, the
 * departures table in the migration report, and no error-level violation
 * outside that table. The exchanges the run kept are judged again here with
 * the same validator, so a failure names each violation.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { HANG_TEST_TIMEOUT_MS, HANG_TIMEOUT_MS } from '../support/hang-timeout.ts';
import type { CatalogModule } from '../../src/catalog/types.ts';
import { configVariables } from '../../src/config/variables.ts';
import { DocumentValidator } from '../../src/conformance/document-validator.ts';
import { endpointResults, type ModuleDocument } from '../../src/conformance/endpoint-results.ts';
import { readExchanges } from '../../src/conformance/exchange-store.ts';
import { loadVendorDocuments } from '../../src/conformance/vendor-documents.ts';
import { isRecord } from '../../src/http/json.ts';
import { platformVersions } from '../../src/profile/versions.ts';
import { referenceOpenapiDir } from './_documents.ts';
import { loadTypeScript } from '../../src/node-arguments.ts';

const reportsDir = join(mkdtempSync(join(tmpdir(), 'ug-conformance-')), 'reports');
let outcome: { code: number; stdout: string; stderr: string };
// Without the vendor's documents next to the repository the file is skipped (test/support/shared-documents.ts).
const sharedDocuments = inject('sharedDocuments');

beforeAll(async () => {
  if (!sharedDocuments) return;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of configVariables) delete env[name];
  // REQUEST_TIMEOUT_MS only catches a hang of the in-process platform, which a busy runner must not trip.
  Object.assign(env, { REPORTS_DIR: reportsDir, TOKEN_STORE: join(reportsDir, '..', 'tokens.json'), REQUEST_TIMEOUT_MS: '60000' });
  outcome = await new Promise((resolve) => {
    execFile(process.execPath, [...loadTypeScript, 'src/cli/verify.ts', '--no-html', '--openapi', referenceOpenapiDir], { env, timeout: HANG_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr }),
    );
  });
}, HANG_TEST_TIMEOUT_MS);

/** `8.0 POST /dse/rest/v1.0/jobs/_search request /body/states/*`: array indices as `*`. */
function violationKey(version: string, method: string, path: string, side: string, pointer: string): string {
  return `${version} ${method} ${path} ${side} ${pointer.replace(/\/\d+(?=\/|$)/g, '/*') || '(all)'}`;
}

describe.runIf(sharedDocuments)(`embedded verify with vendor conformance${sharedDocuments ? '' : ' (skipped: no vendor documents)'}`, () => {
  it('ran without an error outside the checks', () => {
    expect(outcome.stderr.split('\n').filter((line) => /^[A-Z_]+: /.test(line)), outcome.stderr).toEqual([]);
    expect(outcome.stdout).toContain('upgrade-guard summary');
  });

  it('checks every exercised endpoint of both versions and puts the departures table in the migration report', () => {
    const report: unknown = JSON.parse(readFileSync(join(reportsDir, 'migration-report.json'), 'utf8'));
    const sections = isRecord(report) && Array.isArray(report.sections) ? report.sections.filter(isRecord) : [];
    const section = sections.find((candidate) => candidate.title === 'Vendor conformance');
    expect(section?.markdown).toContain('### Departures: where the spec rules over the vendor');
    const rows = isRecord(section?.data) && Array.isArray(section.data.rows) ? section.data.rows.filter(isRecord) : [];
    for (const version of platformVersions) expect(rows.filter((row) => row.version === version).length, version).toBeGreaterThan(20);
    for (const version of platformVersions) expect(outcome.stdout).toContain(`vendor conformance embedded ${version}:`);
  });

  // Compiling the vendor's documents takes seconds of CPU: a generous bound, not a measure.
  it('makes no request and gets no response that the vendor document of its version rejects, outside the departures table', { timeout: HANG_TEST_TIMEOUT_MS }, async () => {
    const documents = loadVendorDocuments(referenceOpenapiDir);
    const found = new Map<string, string>();
    for (const version of platformVersions) {
      const byModule: Partial<Record<CatalogModule, ModuleDocument>> = {};
      for (const vendor of documents.filter((document) => document.version === version)) byModule[vendor.module] = { file: vendor.file, validator: await DocumentValidator.create(vendor) };
      const exchanges = await readExchanges(join(reportsDir, 'conformance-exchanges'), `embedded ${version}`);
      expect(exchanges.length, `exchanges kept for embedded ${version}`).toBeGreaterThan(50);
      for (const result of endpointResults(version, exchanges, byModule)) {
        for (const finding of result.failures) {
          const key = violationKey(version, result.endpoint.method, result.endpoint.path, finding.violation.side, finding.violation.pointer);
          found.set(key, `${finding.violation.message} [by ${finding.exchange.check}]`);
        }
      }
    }
    const unexpected = [...found].map(([key, message]) => `${key}: ${message}`);
    expect(unexpected, 'violations outside the departures table (fix the simulator, schemas or request, or add a departure row where the spec rules)').toEqual([]);
  });
});
