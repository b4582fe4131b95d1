/**
 * The Allure 3 configuration of upgrade-guard's report (docs/reports.md).
 * verify renders reports/allure-report with it; from the repository root,
 * `npx allure generate reports/allure-results` uses it too.
 *
 * - The tree: module (epic) → change kind or flow (feature) → endpoint or step
 *   (story); a check's 7.4 and 8.0 results sit side by side under their
 *   endpoint, told apart by the `version` parameter.
 * - Categories: what a failure means for the reader, not how it was thrown.
 * - History: verify sets ALLURE_HISTORY_PATH from `--history DIR` (or
 *   HISTORY_DIR); the file there gains this run, so the next run shows the
 *   trend and what changed since. It keeps the last HISTORY_LIMIT runs
 *   (ALLURE_HISTORY_LIMIT, set by verify and report).
 */
const historyPath = process.env.ALLURE_HISTORY_PATH;
// HISTORY_LIMIT (src/config/history-limit.ts): the history keeps that many runs, this one included; Allure drops the oldest.
const historyLimit = Number.parseInt(process.env.ALLURE_HISTORY_LIMIT ?? '', 10);

/** Labels set by src/check (annotate.ts, skip.ts, deprecation-scan.ts) and the suites. */
const label = (result, name) => result.labels.find((candidate) => candidate.name === name)?.value;

export default {
  name: 'upgrade-guard',
  output: 'reports/allure-report',
  ...(historyPath ? { historyPath, appendHistory: true, ...(Number.isInteger(historyLimit) && historyLimit > 0 ? { historyLimit } : {}) } : {}),
  plugins: {
    awesome: {
      options: {
        reportName: 'upgrade-guard',
        groupBy: ['epic', 'feature', 'story'],
        // By name: a check's leaves (named `… [id] · <target>`) sit side by side under their endpoint.
        defaultSortBy: 'name,asc',
        // One index.html with its data inside: it opens from disk or a downloaded CI artifact (a report of
        // separate data files needs a web server: the browser refuses fetch() from file://).
        singleFile: true,
        // With a history the report opens on its graphs, the trend ("Status dynamics": this run beside the last
        // HISTORY_LIMIT) in their first row; the tree is one click away (the section menu, or #/). Without one there is
        // no trend to show, and it opens on the tree.
        ...(historyPath ? { defaultSection: 'charts' } : {}),
      },
    },
  },
  categories: {
    rules: [
      {
        // First: a failure the vendor's own document of the target's version explains (label set by src/check/check.ts
        // with OPENAPI_DIR) is the platform departing from the spec, to plan for, not a defect of the staging.
        id: 'platform-departure',
        name: "Platform departure from the spec: the vendor's own document agrees with the target (plan for it)",
        matchers: (result) => result.status === 'failed' && label(result, 'vendorAgreement') !== undefined,
        groupBy: [{ label: 'epic' }],
      },
      {
        id: 'product-defect',
        name: 'Product defect: the target breaks a contract or its vendor document',
        matchers: (result) => result.status === 'failed' && ['contract', 'conformance'].includes(label(result, 'feature') ?? ''),
        groupBy: [{ label: 'epic' }],
      },
      {
        id: 'deviation-from-spec',
        name: 'Deviation from the spec',
        matchers: { statuses: ['failed'] },
        groupBy: [{ label: 'epic' }],
      },
      {
        id: 'our-own-error',
        name: 'Our own error (the run broke, not the target)',
        matchers: { statuses: ['broken'] },
      },
      {
        id: 'observation',
        name: 'Observation (neither pass nor fail)',
        matchers: [
          { statuses: ['skipped'], labels: { verdict: 'observation' } },
          { statuses: ['passed', 'skipped'], labels: { deprecationHeaders: /.+/ } },
        ],
        groupBy: [{ label: 'epic' }],
      },
    ],
  },
};
