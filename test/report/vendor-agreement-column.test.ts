/**
 * The migration report's "Vendor's document" column and the console
 * summary's line on it, on crafted results: a run that read the vendor's
 * documents (its conformance checks ran) has the column, each failed row
 * what the document explains; a run without them has no column and says
 * once, in each report, what reading them would add.
 */
import { describe, expect, it } from 'vitest';
import { buildMigrationReport, renderMigrationMarkdown } from '../../src/report/migration-report.ts';
import { renderMigrationHtml } from '../../src/report/migration-html.ts';
import { formatSummary } from '../../src/report/summary.ts';
import { withoutVendorDocuments } from '../../src/report/vendor-agreement-column.ts';
import type { CheckResult, RunResults } from '../../src/runner/results.ts';

const configurations: CheckResult = {
  project: 'staging 8.0',
  version: '8.0',
  file: 'suites/modules/media/lifecycle.test.ts',
  id: 'media.ai-tagging-configurations.served',
  name: 'GET /rest/mp/v1.1/ai-tagging/configurations is served [media.ai-tagging-configurations.served]',
  state: 'failed',
  error: 'GET /rest/mp/v1.1/ai-tagging/configurations answered 405 (expected a 2xx)',
  endpoint: 'GET /rest/mp/v1.1/ai-tagging/configurations',
};

const labelled: CheckResult = {
  ...configurations,
  vendorAgreement: {
    kind: 'operation absent',
    document: 'mediapool-api-8.0.1.0.json',
    version: '8.0',
    subject: 'GET /rest/mp/v1.1/ai-tagging/configurations',
    text: "the vendor's 8.0 document agrees with the target: it has no GET /rest/mp/v1.1/ai-tagging/configurations (mediapool-api-8.0.1.0.json)",
  },
};

const conformance: CheckResult = {
  project: 'staging 8.0',
  version: '8.0',
  file: 'suites/conformance/vendor-conformance.test.ts',
  id: 'conformance.media.get-rest-mp-v1-1-ai-tagging',
  name: "GET /rest/mp/v1.1/ai-tagging keeps the vendor's OpenAPI document [conformance.media.get-rest-mp-v1-1-ai-tagging]",
  state: 'passed',
};

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe("the migration report's Vendor's document column", () => {
  it("with the vendor's documents: a column, the row's explanation in it, and how many rows it explains", () => {
    const results: RunResults = { checks: [labelled, conformance], errors: [] };
    const report = buildMigrationReport(results);
    const markdown = renderMigrationMarkdown(report);
    expect(markdown).toContain("| Use instead | Vendor's document |\n|---|---|---|---|---|---|---|---|");
    expect(markdown).toContain('| 8.0: operation absent: GET /rest/mp/v1.1/ai-tagging/configurations (mediapool-api-8.0.1.0.json) |');
    expect(markdown).toContain("1 of the 1 deviating changes are departures the vendor's own document of the target's version agrees with");
    expect(markdown).not.toContain(withoutVendorDocuments);
    const html = renderMigrationHtml(report);
    expect(html).toContain('<th>Vendor&#39;s document</th>');
    expect(html).toContain('<td>8.0: operation absent: GET /rest/mp/v1.1/ai-tagging/configurations (mediapool-api-8.0.1.0.json)</td></tr>');
    expect(formatSummary(results, 'staging')).toContain("1 of the failed checks are departures the vendor's own document of the target's version agrees with");
  });

  it("without them: no column, and one sentence, once in each report, on what they would add", () => {
    const results: RunResults = { checks: [configurations], errors: [] };
    const report = buildMigrationReport(results);
    expect(report.vendorDocuments).toBe(false);
    const markdown = renderMigrationMarkdown(report);
    expect(markdown).not.toContain("Vendor's document |");
    expect(occurrences(markdown, withoutVendorDocuments)).toBe(1);
    const html = renderMigrationHtml(report);
    expect(html).not.toContain('<th>Vendor');
    expect(occurrences(html, "With OPENAPI_DIR (or --openapi) pointing at the vendor&#39;s OpenAPI documents")).toBe(1);
    expect(occurrences(formatSummary(results, 'staging'), withoutVendorDocuments)).toBe(1);
  });

  it('a run without failures at endpoints says nothing of it in the console summary', () => {
    expect(formatSummary({ checks: [{ ...conformance, id: 'planning.fee.served', file: 'x' }], errors: [] }, 'staging')).not.toContain('OPENAPI_DIR');
  });
});
