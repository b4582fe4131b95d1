/**
 * The migration report: what changes for a team between 7.4 and 8.0, module
 * by module. It opens with what breaks when the team moves, per module
 * (src/report/what-breaks.ts): the documented changes counted by kind, the
 * calls an unchanged client loses and the findings that need action, worst
 * first. Then the team's own integration when an impact run left it, then
 * one row per catalog entry: the documented change, what each version of the
 * target did, the verdict, and what to use instead. Written as
 * reports/migration-report.md, .html and .json.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import { ensureReportsDirectory } from './reports-dir.ts';
import { catalog, catalogModules, expectedVerdict, type CatalogEntry, type CatalogModule, type ChangeKind } from '../catalog/index.ts';
import { platformVersions, type PlatformVersion } from '../profile/versions.ts';
import type { CheckResult, RunResults } from '../runner/results.ts';
import { describeSignal } from '../http/deprecation-headers.ts';
import { renderMigrationHtml } from './migration-html.ts';
import { reportColumns, vendorAgreementLines, vendorAgreementSummary, vendorDocumentsRead } from './vendor-agreement-column.ts';
import { breakingKinds, useInsteadCell, type ChangeCell } from './change-columns.ts';
import { checkInWords, inPlainWords, isLifecycleCheck } from './plain-words.ts';
import { noneNamedBySpec, useInsteadOf } from './use-instead.ts';
import { moduleTitles } from './module-names.ts';
import { countedKinds, FINDINGS_ON_FIRST_SCREEN, findingLine, noFindingText, whatBreaks, type WhatBreaks } from './what-breaks.ts';

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
  /** The spec's change kinds of the row (`removed`, `deprecated` for "removed/deprecated"): the filter by kind reads them. */
  readonly changeKinds: readonly ChangeKind[];
  readonly spec: string;
  /** The spec's replacement endpoint (spec §9.4), where it names one. */
  readonly replacement?: string;
  /** On every removed, deprecated and breaking row: what to call instead, or that the spec names nothing (src/report/use-instead.ts). */
  readonly useInstead?: string;
  readonly notes?: string;
  readonly versions: Readonly<Partial<Record<PlatformVersion, VersionOutcome>>>;
  readonly verdict: RowVerdict;
  /** What the vendor's own documents say of the row's failures (vendor-agreement-column.ts); absent when they explain none. */
  readonly vendorAgreements?: readonly string[];
}

export interface MigrationReport {
  /** What was checked, as the summary's first line says it: a report of the simulator never reads as one of staging. */
  readonly checked?: string;
  readonly generatedAt: string;
  readonly targets: readonly string[];
  readonly summary: Readonly<Record<RowVerdict, number>>;
  /** The first screen: per module, what breaks when the team moves. */
  readonly whatBreaks: WhatBreaks;
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
  /** Shown right after what breaks, before the endpoint tables: the team's own integration ("Your integration"). */
  readonly leads?: boolean;
  /** A leading section's one line, the report's very first after its title: what it found, the details below. */
  readonly headline?: string;
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

/** What a migration report is built with besides the results; each part has its default. */
export interface MigrationReportContext {
  /** The summary's first line: what was checked (the embedded simulator, or the target's BASE_URL and version). */
  readonly checked?: string;
  readonly sections?: readonly ReportSection[];
  readonly now?: Date;
  /** The summary's SUBSET lines. */
  readonly scope?: readonly string[];
  /** What the vendor's 8.0 document adds to "Use instead", per entry id (OPENAPI_DIR, src/conformance/vendor-replacements.ts). */
  readonly vendor?: ReadonlyMap<string, string>;
}

export function buildMigrationReport(results: RunResults, { checked, sections = [], now = new Date(), scope = [], vendor }: MigrationReportContext = {}): MigrationReport {
  const byEntry = groupChecksByEntry(results.checks);
  const rows = catalog.map((entry) => row(entry, byEntry.get(entry.id) ?? [], vendor));
  const summary: Record<RowVerdict, number> = { 'as documented': 0, deviates: 0, observation: 0, 'not checked': 0 };
  for (const current of rows) summary[current.verdict] += 1;
  return {
    ...(checked !== undefined && { checked }),
    generatedAt: now.toISOString(),
    targets: [...new Set(results.checks.map((check) => check.project))].sort(),
    summary,
    whatBreaks: whatBreaks(results.checks, rows, vendor),
    rows,
    // The team's own integration first (stable sort: the others keep their order).
    sections: [...sections].sort((a, b) => Number(b.leads ?? false) - Number(a.leads ?? false)),
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

function row(entry: CatalogEntry, checks: readonly CheckResult[], vendor: ReadonlyMap<string, string> | undefined): MigrationRow {
  const versions: Partial<Record<PlatformVersion, VersionOutcome>> = {};
  for (const version of platformVersions) {
    const ofVersion = checks.filter((check) => check.version === version);
    if (ofVersion.length === 0) continue;
    const verdict = verdictOf(ofVersion);
    const headers = isDeprecatedEntry(entry) ? deprecationHeadersOf(entry, ofVersion) : undefined;
    versions[version] = {
      expected: expectedTextOf(entry, version),
      observed: verdict === 'not checked' ? distinct(ofVersion.map((check) => inPlainWords(check.note ?? 'skipped'))) : findings(entry, ofVersion),
      verdict,
      ...(headers !== undefined && { deprecationHeaders: headers }),
    };
  }
  const outcomes = Object.values(versions);
  const verdict: RowVerdict = outcomes.some((outcome) => outcome.verdict === 'deviates')
    ? 'deviates'
    : outcomes.some((outcome) => outcome.verdict === 'observation')
      ? 'observation'
      : outcomes.some((outcome) => outcome.verdict === 'as documented')
        ? 'as documented'
        : 'not checked';
  const useInstead = useInsteadOf(entry, vendor);
  const agreements = vendorAgreementLines(checks);
  return {
    id: entry.id,
    module: entry.module,
    endpoint: `${entry.method} ${entry.path}`,
    change: [entry.change, ...(entry.alsoChanges ?? [])].join(' + '),
    changeKinds: [entry.change, ...(entry.alsoChanges ?? [])],
    spec: entry.specSection,
    ...(entry.replacement && { replacement: `${entry.replacement.method} ${entry.replacement.path}` }),
    ...(useInstead !== undefined && { useInstead }),
    ...(entry.notes !== undefined && { notes: entry.notes }),
    versions,
    verdict,
    ...(agreements.length > 0 && { vendorAgreements: agreements }),
  };
}

/** One line per distinct finding; the checks that found it are named once, in words, in front of it. */
function findings(entry: CatalogEntry, checks: readonly CheckResult[]): string[] {
  const namesByText = new Map<string, string[]>();
  for (const check of checks) {
    const text = findingOf(entry, check);
    namesByText.set(text, [...(namesByText.get(text) ?? []), checkInWords(entry, check)]);
  }
  return [...namesByText].map(([text, names]) => `${checksNamed(names)}: ${text}`);
}

/** Up to three checks by name; more as a count with the first two, the others' names being in Allure. */
function checksNamed(names: readonly string[]): string {
  const unique = distinct(names);
  return unique.length <= 3 ? unique.join('; ') : `${unique.length} checks (${unique.slice(0, 2).join('; ')}; …)`;
}

/** The whole failure message (a person needs all of it, src/check/failure.ts), the skip reason, or what was observed. */
function findingOf(entry: CatalogEntry, check: CheckResult): string {
  const observed = check.observed === undefined ? undefined : inPlainWords(check.observed, isLifecycleCheck(entry, check));
  if (check.state === 'failed') return `FAILED${observed ? ` (observed ${observed})` : ''}: ${inPlainWords(check.error ?? 'no message')}`;
  if (check.state === 'skipped') return inPlainWords(check.note ?? 'skipped');
  return observed ?? 'ok';
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

export function renderMigrationMarkdown(report: MigrationReport): string {
  const lines: string[] = [
    '# Migration report: platform 7.4 → 8.0',
    '',
    ...(report.checked !== undefined ? [`**Checked:** ${escapeInline(report.checked)}`, ''] : []),
    `Generated ${report.generatedAt} from: ${report.targets.join(', ') || 'no targets'}.`,
    '',
    ...report.scope.flatMap((line) => [`> **Not the whole run:** ${escapeInline(line)}`, '']),
    // The team's own integration first: its one line here, its section right after what breaks.
    ...report.sections.flatMap((section) => (section.leads && section.headline ? [`> **${section.title}:** ${escapeInline(section.headline)} (section "${section.title}" below)`, ''] : [])),
    ...whatBreaksMarkdown(report),
  ];
  const leading = report.sections.filter((section) => section.leads);
  for (const section of leading) lines.push('', `## ${section.title}`, '', section.markdown);
  lines.push(
    '',
    '## Every documented change',
    '',
    `${report.rows.length} documented endpoint changes: ${Object.entries(report.summary)
      .map(([verdict, count]) => `${count} ${verdict}`)
      .join(', ')}.`,
    '',
    vendorAgreementSummary(report),
  );
  const columns = reportColumns(report);
  for (const module of catalogModules) {
    const rows = report.rows.filter((current) => current.module === module);
    if (rows.length === 0) continue;
    lines.push('', `### ${moduleTitles[module]}`, '', `| ${columns.map((column) => column.header).join(' | ')} |`, `|${columns.map(() => '---|').join('')}`);
    for (const current of rows) lines.push(`| ${columns.map((column) => markdownCell(column.cell(current))).join(' | ')} |`);
  }
  const deprecated = deprecatedRows(report);
  if (deprecated.length > 0) {
    lines.push(
      '',
      '## Deprecated in 8.0',
      '',
      deprecatedIntro,
      '',
      '| Endpoint | Use instead | Headers on 7.4 | Headers on 8.0 |',
      '|---|---|---|---|',
    );
    for (const current of deprecated) {
      const headers = (version: PlatformVersion): string => escapeCell(current.versions[version]?.deprecationHeaders ?? 'not run');
      lines.push(`| \`${current.endpoint}\` | ${markdownCell(useInsteadCell(current))} | ${headers('7.4')} | ${headers('8.0')} |`);
    }
  }
  for (const section of report.sections.filter((current) => !current.leads)) lines.push('', `## ${section.title}`, '', section.markdown);
  return `${lines.join('\n')}\n`;
}

export const deprecatedIntro = 'Deprecation and Sunset headers (RFC 9745, RFC 8594) each version sent on the endpoint; the spec obliges none, so they are observations.';

/** The rows the "Deprecated in 8.0" table lists: every row the spec marks deprecated. */
export function deprecatedRows(report: MigrationReport): MigrationRow[] {
  return report.rows.filter((current) => current.changeKinds.includes('deprecated'));
}

/** The first screen: per module, the changes by kind, the calls that break and the findings that need action. */
function whatBreaksMarkdown(report: MigrationReport): string[] {
  const { modules, otherFindings } = report.whatBreaks;
  const kinds = countedKinds.map((kind) => kind[0]?.toUpperCase() + kind.slice(1));
  const lines = ['## What breaks when you move', '', `| Module | ${kinds.join(' | ')} | Findings that need action, worst first |`, `|---|${countedKinds.map(() => '---|').join('')}---|`];
  for (const module of modules) {
    const more = module.findings.length - FINDINGS_ON_FIRST_SCREEN;
    const listed = module.findings.slice(0, FINDINGS_ON_FIRST_SCREEN).map((finding, index) => `${index + 1}. ${findingLine(finding)}`);
    const findingsCell = module.findings.length === 0 ? noFindingText(module.rows, module.notChecked) : [...listed, ...(more > 0 ? [`${more} more in the rows below`] : [])].join('\n');
    lines.push(`| ${moduleTitles[module.module]} | ${countedKinds.map((kind) => module.counts[kind]).join(' | ')} | ${escapeCell(findingsCell)} |`);
  }
  if (otherFindings.length > 0) lines.push('', `Findings about no module (the OAuth flows, the contracts): ${otherFindings.length}.`, '', ...otherFindings.map((finding, index) => `${index + 1}. ${escapeInline(findingLine(finding))}`));
  const calls = modules.flatMap((module) => module.breakingCalls.map((call) => `- ${moduleTitles[module.module]}: \`${call.endpoint}\` ${call.kind}${call.what === undefined ? '' : ` (${escapeInline(call.what)})`}; use instead: ${call.useInstead.startsWith(noneNamedBySpec) ? call.useInstead : `\`${call.useInstead}\``}`));
  if (calls.length > 0) lines.push('', 'Calls an unchanged client loses (removed endpoints, breaking changes):', '', ...calls);
  return lines;
}

function markdownCell(cell: ChangeCell): string {
  if (typeof cell === 'string') return escapeCell(cell);
  if ('code' in cell) return `\`${cell.code}\`${cell.note === undefined ? '' : `<br>${escapeCell(cell.note)}`}`;
  if ('kinds' in cell) return cell.kinds.map((kind) => (breakingKinds.includes(kind) ? `**${kind}**` : kind)).join(' + ');
  if ('outcome' in cell) return outcomeCell(cell.outcome);
  return cell.verdict;
}

function outcomeCell(outcome: VersionOutcome | undefined): string {
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
