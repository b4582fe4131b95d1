/**
 * The migration report: what changes for a team between 7.4 and 8.0, module
 * by module. One row per catalog entry: the documented change, what each
 * version of the target did (from the lifecycle checks), the verdict, and
 * the replacement to use. Written as reports/migration-report.md and .json.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import { ensureReportsDirectory } from './reports-dir.ts';
import { catalog, catalogModules, expectedVerdict, type CatalogEntry, type CatalogModule } from '../catalog/index.ts';
import { platformVersions, type PlatformVersion } from '../profile/versions.ts';
import type { CheckResult, RunResults } from '../runner/results.ts';
import { describeSignal } from '../http/deprecation-headers.ts';
import { renderMigrationHtml } from './migration-html.ts';
import { vendorAgreementLines, vendorAgreementSummary, vendorColumnCells, vendorColumnHeaders, vendorDocumentsRead } from './vendor-agreement-column.ts';

export type RowVerdict = 'as documented' | 'deviates' | 'observation' | 'not checked';

export interface VersionOutcome {
  /** What the spec says this version does: served, gone, absent, deprecated, … */
  readonly expected: string;
  /**
   * What the target did, one line per distinct finding (`served: 200 (8.0/asset)`; checks that found the
   * same are named together, so a reason is never repeated), or, when nothing was checked, only why.
   */
  readonly observed: readonly string[];
  readonly verdict: RowVerdict;
  /** Endpoints the catalog marks deprecated: the Deprecation / Sunset headers its answers carried, or that none did. */
  readonly deprecationHeaders?: string;
}

export interface MigrationRow {
  readonly id: string;
  readonly module: CatalogModule;
  readonly endpoint: string;
  readonly change: string;
  readonly spec: string;
  readonly replacement?: string;
  readonly notes?: string;
  readonly versions: Readonly<Partial<Record<PlatformVersion, VersionOutcome>>>;
  readonly verdict: RowVerdict;
  /** What the vendor's own documents say of the row's failures (vendor-agreement-column.ts); absent when they explain none. */
  readonly vendorAgreements?: readonly string[];
}

export interface MigrationReport {
  readonly generatedAt: string;
  readonly targets: readonly string[];
  readonly summary: Readonly<Record<RowVerdict, number>>;
  readonly rows: readonly MigrationRow[];
  /** Extra sections other parts of the run contribute (contract breaks). */
  readonly sections: readonly ReportSection[];
  /**
   * What the run was not, as the console summary's SUBSET lines say it (`--only`, one shard, a shard missing or cut
   * off by RUN_TIMEOUT_S): a "not checked" row of such a run may be a check the run left out. Empty for a whole run.
   */
  readonly scope: readonly string[];
  /** The run read the vendor's documents (OPENAPI_DIR): the rows carry what they explain. */
  readonly vendorDocuments: boolean;
}

export interface ReportSection {
  readonly title: string;
  readonly markdown: string;
  readonly data: unknown;
}

const expectedText: Record<string, string> = {
  absent: 'not served',
  unchanged: 'served',
  new: 'served (new)',
  deprecated: 'served, deprecated',
  changed: 'served, changed',
  breaking: 'served, body type changed',
};

/** A "removed/deprecated" row (spec §4.4) may be either on 8.0: gone, or still served as deprecated. */
function expectedTextOf(entry: CatalogEntry, version: PlatformVersion): string {
  const expected = expectedVerdict(entry, version);
  if (expected === 'absent' && entry.change === 'removed' && entry.alsoChanges?.includes('deprecated')) return 'not served, or served deprecated';
  return expectedText[expected] ?? expected;
}

export function buildMigrationReport(results: RunResults, sections: readonly ReportSection[] = [], now = new Date(), scope: readonly string[] = []): MigrationReport {
  const byEntry = groupChecksByEntry(results.checks);
  const rows = catalog.map((entry) => row(entry, byEntry.get(entry.id) ?? []));
  const summary: Record<RowVerdict, number> = { 'as documented': 0, deviates: 0, observation: 0, 'not checked': 0 };
  for (const current of rows) summary[current.verdict] += 1;
  return {
    generatedAt: now.toISOString(),
    targets: [...new Set(results.checks.map((check) => check.project))].sort(),
    summary,
    rows,
    sections,
    scope,
    vendorDocuments: vendorDocumentsRead(results),
  };
}

function groupChecksByEntry(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const grouped = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const entry = catalog.find((candidate) => check.id.startsWith(`${candidate.id}.`));
    if (!entry) continue;
    grouped.set(entry.id, [...(grouped.get(entry.id) ?? []), check]);
  }
  return grouped;
}

function row(entry: CatalogEntry, checks: readonly CheckResult[]): MigrationRow {
  const versions: Partial<Record<PlatformVersion, VersionOutcome>> = {};
  for (const version of platformVersions) {
    const ofVersion = checks.filter((check) => check.version === version);
    if (ofVersion.length === 0) continue;
    const verdict = verdictOf(ofVersion);
    const headers = isDeprecatedEntry(entry) ? deprecationHeadersOf(entry, ofVersion) : undefined;
    versions[version] = {
      expected: expectedTextOf(entry, version),
      observed: verdict === 'not checked' ? distinct(ofVersion.map((check) => check.note ?? 'skipped')) : findings(entry, ofVersion),
      verdict,
      ...(headers !== undefined && { deprecationHeaders: headers }),
    };
  }
  const outcomes = Object.values(versions);
  const agreements = vendorAgreementLines(checks);
  const verdict: RowVerdict = outcomes.some((outcome) => outcome.verdict === 'deviates')
    ? 'deviates'
    : outcomes.some((outcome) => outcome.verdict === 'observation')
      ? 'observation'
      : outcomes.some((outcome) => outcome.verdict === 'as documented')
        ? 'as documented'
        : 'not checked';
  return {
    id: entry.id,
    module: entry.module,
    endpoint: `${entry.method} ${entry.path}`,
    change: [entry.change, ...(entry.alsoChanges ?? [])].join(' + '),
    spec: entry.specSection,
    ...(entry.replacement && { replacement: `${entry.replacement.method} ${entry.replacement.path}` }),
    ...(entry.notes !== undefined && { notes: entry.notes }),
    versions,
    verdict,
    ...(agreements.length > 0 && { vendorAgreements: agreements }),
  };
}

/** One line per distinct finding; the checks that found it are named once, in front of it. */
function findings(entry: CatalogEntry, checks: readonly CheckResult[]): string[] {
  const aspectsByText = new Map<string, string[]>();
  for (const check of checks) {
    const text = findingOf(check);
    aspectsByText.set(text, [...(aspectsByText.get(text) ?? []), check.id.slice(entry.id.length + 1)]);
  }
  return [...aspectsByText].map(([text, aspects]) => `${aspects.join(', ')}: ${text}`);
}

/** The whole failure message (a person needs all of it, src/check/failure.ts), the skip reason, or what was observed. */
function findingOf(check: CheckResult): string {
  if (check.state === 'failed') return `FAILED${check.observed ? ` (observed ${check.observed})` : ''}: ${check.error ?? 'no message'}`;
  if (check.state === 'skipped') return check.note ?? 'skipped';
  return check.observed ?? 'ok';
}

function distinct(lines: readonly string[]): string[] {
  return [...new Set(lines)];
}

function verdictOf(checks: readonly CheckResult[]): RowVerdict {
  if (checks.some((check) => check.state === 'failed')) return 'deviates';
  if (checks.some((check) => check.state === 'skipped' && check.note?.startsWith('observation:'))) return 'observation';
  return checks.some((check) => check.state === 'passed') ? 'as documented' : 'not checked';
}

export function isDeprecatedEntry(entry: Pick<CatalogEntry, 'change' | 'alsoChanges'>): boolean {
  return entry.change === 'deprecated' || (entry.alsoChanges ?? []).includes('deprecated');
}

/**
 * What the entry's answers said of their deprecation on one version (RFC 9745, RFC 8594): the
 * signals its checks saw on the entry's method and path, `none sent` when they saw answers without
 * any, or why nothing was seen.
 */
function deprecationHeadersOf(entry: CatalogEntry, checks: readonly CheckResult[]): string {
  const route = pathPattern(entry.path);
  const signals = checks.flatMap((check) => check.deprecationHeaders ?? []).filter((signal) => signal.method === entry.method && route.test(signal.path));
  if (signals.length > 0) return distinct(signals.map(describeSignal)).join('; ');
  return checks.some((check) => check.state !== 'skipped') ? 'none sent' : 'not seen (not checked)';
}

/** `/group/{id}` matches `/group/14`; every `{…}` stands for one path segment. */
function pathPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export const moduleTitles: Record<CatalogModule, string> = {
  job: 'Job module',
  planning: 'Planning module',
  media: 'Media module',
  review: 'Review module',
  templateBuilder: 'Template builder module',
  shop: 'Shop module',
};

export function renderMigrationMarkdown(report: MigrationReport): string {
  const lines: string[] = [
    '# Migration report: platform 7.4 → 8.0',
    '',
    `Generated ${report.generatedAt} from: ${report.targets.join(', ') || 'no targets'}.`,
    '',
    ...report.scope.flatMap((line) => [`> **Not the whole run:** ${escapeInline(line)}`, '']),
    `${report.rows.length} documented endpoint changes: ${Object.entries(report.summary)
      .map(([verdict, count]) => `${count} ${verdict}`)
      .join(', ')}.`,
    '',
    vendorAgreementSummary(report),
  ];
  for (const module of catalogModules) {
    const rows = report.rows.filter((current) => current.module === module);
    if (rows.length === 0) continue;
    const vendorHeaders = vendorColumnHeaders(report.vendorDocuments);
    const headers = ['Endpoint', 'Change', 'Spec', '7.4', '8.0', 'Verdict', 'Use instead', ...vendorHeaders];
    lines.push('', `## ${moduleTitles[module]}`, '', `| ${headers.join(' | ')} |`, `|${headers.map(() => '---|').join('')}`);
    for (const current of rows) {
      const vendorCells = vendorColumnCells(report.vendorDocuments, current.vendorAgreements).map((text) => ` ${escapeCell(text)} |`).join('');
      lines.push(
        `| \`${current.endpoint}\` | ${current.change} | ${current.spec} | ${cell(current.versions['7.4'])} | ${cell(current.versions['8.0'])} | ${current.verdict} | ${current.replacement ? `\`${current.replacement}\`` : ''} |${vendorCells}`,
      );
    }
  }
  const deprecated = report.rows.filter((current) => current.change.includes('deprecated'));
  if (deprecated.length > 0) {
    lines.push(
      '',
      '## Deprecated in 8.0',
      '',
      'Deprecation and Sunset headers (RFC 9745, RFC 8594) each version sent on the endpoint; the spec obliges none, so they are observations.',
      '',
      '| Endpoint | Replacement | Headers on 7.4 | Headers on 8.0 |',
      '|---|---|---|---|',
    );
    for (const current of deprecated) {
      const headers = (version: PlatformVersion): string => escapeCell(current.versions[version]?.deprecationHeaders ?? 'not run');
      lines.push(`| \`${current.endpoint}\` | ${current.replacement ? `\`${current.replacement}\`` : 'none named by the spec; plan to move off it'} | ${headers('7.4')} | ${headers('8.0')} |`);
    }
  }
  for (const section of report.sections) lines.push('', `## ${section.title}`, '', section.markdown);
  return `${lines.join('\n')}\n`;
}

function cell(outcome: VersionOutcome | undefined): string {
  if (!outcome) return 'not run';
  // A version nothing was checked on says why, and nothing else.
  const text = outcome.verdict === 'not checked' ? `not checked: ${outcome.observed.join('; ')}` : [outcome.expected, ...outcome.observed].join('; ');
  return escapeCell(text);
}

/** Text as itself in markdown (a path, an --only glob such as `planning.*`): CommonMark's backslash escapes. */
function escapeInline(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|!]/g, (character) => `\\${character}`);
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/** Writes reports/migration-report.md, .html and .json: a pure function of the report (the merge of shards calls it too). */
export async function writeMigrationReport(reportsDir: string, report: MigrationReport): Promise<{ markdown: string; html: string; json: string }> {
  await ensureReportsDirectory(reportsDir);
  const markdown = join(reportsDir, 'migration-report.md');
  const html = join(reportsDir, 'migration-report.html');
  const json = join(reportsDir, 'migration-report.json');
  try {
    await writeFile(markdown, renderMigrationMarkdown(report));
    await writeFile(html, renderMigrationHtml(report));
    await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${reportsDir}: ${(error as Error).message}`);
  }
  return { markdown, html, json };
}
