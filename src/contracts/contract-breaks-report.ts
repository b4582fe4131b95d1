/**
 * The "Contract breaks" section of the migration report, as data and as
 * markdown: written to reports/contract-breaks.json and .md, and summed up
 * in one console line. The lead's migration report embeds the markdown.
 * Mismatch texts are already redacted (verify-source.ts).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import { ensureReportsDirectory } from '../report/reports-dir.ts';
import { isUnbrokenBreak, type ContractBreak, type ContractBreaksSection } from './cross-version.ts';

/** The section's rows as the brief names them: interaction, endpoint, documented or not, the verifier's mismatch. */
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
  return `${lines.join('\n')}\n`;
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
    `${counts.unbrokenDocumentedBreaks} documented break${counts.unbrokenDocumentedBreaks === 1 ? '' : 's'} that held`,
    `${counts.held} held`,
    ...(counts.skipped > 0 ? [`${counts.skipped} not verified`] : []),
  ];
  return `${parts.join(', ')} of ${counts.total} interactions: ${section.exact ? 'exactly as documented' : 'NOT as documented'}`;
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
