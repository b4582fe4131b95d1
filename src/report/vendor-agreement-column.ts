/**
 * The migration report's "Vendor's document" column: per row, what the
 * vendor's own document of each version says of the row's failed checks
 * (src/conformance/vendor-agreement.ts). Such a deviation is the platform
 * departing from the spec, which a team must plan for, not a defect of its
 * staging. A run without OPENAPI_DIR has no column; the report says once,
 * above the tables, what the column would add.
 */
import { platformVersions } from '../profile/versions.ts';
import type { CheckResult, RunResults } from '../runner/results.ts';
import { isConformanceCheck } from './conformance-section.ts';
import type { MigrationReport } from './migration-report.ts';
import { changeColumns, type ChangeColumn } from './change-columns.ts';

export const vendorColumnTitle = "Vendor's document";

/** Said once, in a report of a run without the vendor's documents. */
export const withoutVendorDocuments =
  "With OPENAPI_DIR (or --openapi) pointing at the vendor's OpenAPI documents, each deviation that the vendor's own document of the target's version explains (an operation it lacks, the operation at another path, a value its enum lacks, a body its schema keeps) is labelled as a departure of the platform from the spec to plan for, not a defect of the staging.";

/** Whether the run read the vendor's documents: its conformance checks ran (they run only with OPENAPI_DIR). */
export function vendorDocumentsRead(results: Pick<RunResults, 'checks'>): boolean {
  return results.checks.some(isConformanceCheck);
}

/** One line per version and distinct explanation: `8.0: operation absent: GET /rest/mp/… (mediapool-api-8.0.1.0.json)`. */
export function vendorAgreementLines(checks: readonly CheckResult[]): string[] {
  const lines = platformVersions.flatMap((version) =>
    checks.flatMap((check) => {
      const agreement = check.state === 'failed' && check.version === version ? check.vendorAgreement : undefined;
      return agreement === undefined ? [] : [`${version}: ${agreement.kind}: ${agreement.subject} (${agreement.document})`];
    }),
  );
  return [...new Set(lines)];
}

/** The report's table columns: the change columns, and this one when the run read the vendor's documents. */
export function reportColumns(report: Pick<MigrationReport, 'vendorDocuments'>): readonly ChangeColumn[] {
  return report.vendorDocuments ? [...changeColumns, vendorColumn] : changeColumns;
}

/** A row's cell: each version's explanation, or nothing where the documents explain none of it. */
const vendorColumn: ChangeColumn = { header: vendorColumnTitle, cell: (row) => (row.vendorAgreements ?? []).join('; ') };

/** Once, under the counts: how many deviations the vendor's documents explain, or what reading them would add. */
export function vendorAgreementSummary(report: Pick<MigrationReport, 'rows' | 'vendorDocuments'>): string {
  if (!report.vendorDocuments) return withoutVendorDocuments;
  const explained = report.rows.filter((current) => current.vendorAgreements !== undefined).length;
  const deviating = report.rows.filter((current) => current.verdict === 'deviates').length;
  return `${explained} of the ${deviating} deviating changes are departures the vendor's own document of the target's version agrees with (column "Vendor's document"): the platform departs from the spec there; plan for them, the staging is not broken.`;
}

/** The console summary's one line on it, under the failures: how many the documents explain, or what they would add. */
export function vendorSummaryLines(results: Pick<RunResults, 'checks'>): string[] {
  const failed = results.checks.filter((check) => check.state === 'failed' && check.endpoint !== undefined);
  if (failed.length === 0) return [];
  if (!vendorDocumentsRead(results)) return ['', `note: ${withoutVendorDocuments}`];
  const explained = failed.filter((check) => check.vendorAgreement !== undefined).length;
  return ['', `${explained} of the failed checks are departures the vendor's own document of the target's version agrees with (their last line says which): plan for them; the staging is not broken.`];
}
