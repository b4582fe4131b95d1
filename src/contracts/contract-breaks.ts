/**
 * The "Contract breaks" section of the migration report: the cross-version
 * comparison (cross-version.ts) as a step of `verify`, and its report.
 * - With `--from/--to` the step is the whole run; otherwise it follows the
 *   suites whenever the run covers an 8.0 target (the embedded one, or an
 *   8.0 BASE_URL), comparing the 7.4 contracts against it.
 * - The section is data and markdown: written to reports/contract-breaks.json
 *   and .md, embedded in the migration report, and summed up in one console
 *   line. Mismatch texts are already redacted (verify-source.ts).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { ensureReportsDirectory } from '../report/reports-dir.ts';
import type { ReportSection } from '../report/migration-report.ts';
import { dataChangeRow, dataChangesSummaryLines, type DataChangeRow } from '../report/data-changes-section.ts';
import type { RunTarget } from '../run-targets/run-plan.ts';
import { defaultCrossVersion, type CrossVersionRequest } from './cross-version-request.ts';
import { isUnbrokenBreak, runCrossVersion, type ContractBreak, type ContractBreaksSection } from './cross-version.ts';

export interface ContractBreaksStep {
  readonly section: ContractBreaksSection;
  /** For buildMigrationReport's `sections`. */
  readonly report: ReportSection;
  /** For the console summary. */
  readonly summaryLine: string;
  /** What the comparison changed on the target, for the console (`data changes: …`, each change that stays). */
  readonly dataChangeLines: readonly string[];
  readonly files: WrittenContractBreaks;
}

/** `secrets`: the registry of the command that runs the step (the sessions it opens register theirs there). */
export async function runContractBreaksStep(config: Config, request: CrossVersionRequest, secrets: SecretRegistry): Promise<ContractBreaksStep> {
  const section = await runCrossVersion(config, request, secrets);
  const files = await writeContractBreaks(section, config.reportsDir);
  return {
    section,
    report: contractBreaksReportSection(section),
    summaryLine: contractBreaksSummaryLine(section),
    dataChangeLines: dataChangesSummaryLines([], comparisonDataChanges(section), files.markdown).filter((line) => line !== ''),
    files,
  };
}

/** The migration report's "Contract breaks" section (its heading comes from the report). */
export function contractBreaksReportSection(section: ContractBreaksSection): ReportSection {
  return { title: 'Contract breaks', markdown: contractBreaksMarkdown(section, { heading: false }), data: contractBreaksJson(section) };
}

/**
 * What a plain `verify` runs after the suites: the comparison when the plan
 * covers 8.0, its console line through `print`, and whether the breaks were
 * exactly the documented ones (a comparison that could not run is not).
 */
export async function contractBreaksAfterSuites(
  config: Config,
  plan: readonly RunTarget[],
  secrets: SecretRegistry,
  print: (line: string) => void,
): Promise<{ readonly step?: ContractBreaksStep; readonly asDocumented: boolean }> {
  const request = defaultCrossVersion(plan);
  if (!request) return { asDocumented: true };
  try {
    const step = await runContractBreaksStep(config, request, secrets);
    print(step.summaryLine);
    return { step, asDocumented: step.section.exact };
  } catch (error) {
    print(secrets.scrub(`Contract breaks ${request.from} → ${request.to}: not compared: ${error instanceof Error ? error.message : String(error)}`));
    return { asDocumented: false };
  }
}

/* The report. */

/** The section's rows: interaction, endpoint, documented or not, the verifier's mismatch. */
export interface ContractBreakRow {
  readonly interaction: string;
  readonly endpoint: string;
  readonly documented: boolean;
  readonly mismatch: string;
  readonly outcome: ContractBreak['outcome'];
  readonly changes: readonly string[];
}

export interface ContractBreaksJson {
  readonly from: string;
  readonly to: string;
  readonly target: string;
  readonly exact: boolean;
  readonly counts: ContractBreaksSection['counts'];
  /** Every break, then every documented break that did not happen. */
  readonly breaks: readonly ContractBreakRow[];
  /** Identifier deprecations the old contracts rely on that still hold on the target. */
  readonly deprecatedButHeld: readonly ContractBreakRow[];
  readonly skipped: readonly (ContractBreakRow & { readonly reason: string })[];
}

export function contractBreaksJson(section: ContractBreaksSection): ContractBreaksJson {
  const row = (entry: ContractBreak): ContractBreakRow => ({
    interaction: entry.interaction,
    endpoint: entry.endpoint,
    documented: entry.documented,
    mismatch: entry.mismatch,
    outcome: entry.outcome,
    changes: entry.changes,
  });
  const breaks = [...section.interactions.filter((entry) => entry.outcome === 'broke'), ...section.interactions.filter(isUnbrokenBreak)];
  return {
    from: section.from,
    to: section.to,
    target: section.target,
    exact: section.exact,
    counts: section.counts,
    breaks: breaks.map(row),
    deprecatedButHeld: section.interactions.filter((entry) => entry.outcome === 'held' && entry.expected === 'may-break').map(row),
    skipped: section.interactions.filter((entry) => entry.outcome === 'skipped').map((entry) => ({ ...row(entry), reason: entry.reason ?? '' })),
  };
}

export function contractBreaksMarkdown(section: ContractBreaksSection, options: { readonly heading?: boolean } = {}): string {
  const data = contractBreaksJson(section);
  const lines = [
    ...(options.heading === false ? [] : ['## Contract breaks', '']),
    `The ${section.from} contracts (contracts/pacts/) verified against ${section.target} (${section.to}) with the Pact verifier. ` +
      'A break is documented when the endpoint-change catalog explains every mismatch: a removed endpoint, a breaking change, a changed body type, or a deprecated identifier.',
    '',
    `**${verdictLine(section)}**`,
    '',
  ];
  if (data.breaks.length > 0) {
    lines.push('| interaction | endpoint | documented | what the catalog says | verifier mismatch |', '|---|---|---|---|---|');
    for (const entry of data.breaks) {
      const documented = entry.outcome === 'held' ? 'yes, but it did not break' : entry.documented ? 'yes' : '**no: undocumented break**';
      lines.push(`| ${cell(entry.interaction)} | \`${cell(entry.endpoint)}\` | ${documented} | ${cell(entry.changes.join('; ') || '(nothing)')} | ${cell(shorten(entry.mismatch) || '(it held)')} |`);
    }
    lines.push('');
  }
  if (data.deprecatedButHeld.length > 0) {
    lines.push(`Deprecated identifiers the ${section.from} contracts rely on, still served here (they may go, spec §9.3):`, '');
    for (const entry of data.deprecatedButHeld) lines.push(`- ${entry.interaction} (\`${entry.endpoint}\`): ${entry.changes.join('; ')}`);
    lines.push('');
  }
  if (data.skipped.length > 0) {
    lines.push('Not verified:', '');
    for (const entry of data.skipped) lines.push(`- ${entry.interaction} (\`${entry.endpoint}\`): ${entry.reason}`);
    lines.push('');
  }
  const changed = comparisonDataChanges(section);
  if (changed.length > 0) {
    lines.push('Data changes of the comparison (each request that changed data on the target, and whether it was undone):', '');
    for (const row of changed) lines.push(`- ${row.check}: \`${row.request}\` on ${row.on}: ${row.undone} (${row.detail})`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** What the comparison's interactions changed on the target: listed with the run's other data changes. */
export function comparisonDataChanges(section: ContractBreaksSection): DataChangeRow[] {
  const target = `contracts ${section.from} on ${section.to}`;
  return section.interactions.flatMap((entry) => (entry.dataChanges ?? []).map((change) => dataChangeRow(target, entry.checkId, change)));
}

/** One line for the console summary. */
export function contractBreaksSummaryLine(section: ContractBreaksSection): string {
  return `Contract breaks ${section.from} → ${section.to} (${section.target}): ${verdictLine(section)} [${Math.round(section.durationMs)} ms]`;
}

function verdictLine(section: ContractBreaksSection): string {
  const { counts } = section;
  const parts = [
    `${counts.documentedBreaks} documented break${counts.documentedBreaks === 1 ? '' : 's'}`,
    `${counts.undocumentedBreaks} undocumented`,
    `${counts.unbrokenDocumentedBreaks} documented break${counts.unbrokenDocumentedBreaks === 1 ? '' : 's'} that did not happen`,
    `${counts.held} still ${counts.held === 1 ? 'holds' : 'hold'}`,
    ...(counts.skipped > 0 ? [`${counts.skipped} not verified`] : []),
  ];
  return `${parts.join(', ')}, of ${counts.total} interactions: ${verdictWord(section)}`;
}

function verdictWord(section: ContractBreaksSection): string {
  if (section.exact) return 'exactly as documented';
  const { counts } = section;
  // Only missing responses stand between this run and a verdict: say so rather than "NOT as documented".
  if (counts.undocumentedBreaks === 0 && counts.unbrokenDocumentedBreaks === 0) return `NOT compared in full: ${counts.unanswered} without a response from the target`;
  return 'NOT as documented';
}

/** Mismatches quote whole bodies; the table keeps each line short (the JSON has them whole). */
function shorten(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line))
    .join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

export interface WrittenContractBreaks {
  readonly json: string;
  readonly markdown: string;
}

export async function writeContractBreaks(section: ContractBreaksSection, reportsDir: string): Promise<WrittenContractBreaks> {
  const json = join(reportsDir, 'contract-breaks.json');
  const markdown = join(reportsDir, 'contract-breaks.md');
  await ensureReportsDirectory(reportsDir);
  try {
    await writeFile(json, `${JSON.stringify(contractBreaksJson(section), null, 2)}\n`);
    await writeFile(markdown, contractBreaksMarkdown(section));
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${reportsDir}: ${(error as Error).message}`);
  }
  return { json, markdown };
}
