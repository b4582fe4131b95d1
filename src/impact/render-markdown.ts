/** reports/impact.md: the summary, then one table row per distinct call, worst first. */
import { impactVerdicts, type CallImpact, type ImpactReport } from './types.ts';

export function summaryLine(report: ImpactReport): string {
  const total = report.calls.length;
  return `Impact on 8.0: ${total} distinct ${total === 1 ? 'call' : 'calls'}: ${impactVerdicts.map((verdict) => `${report.summary[verdict]} ${verdict}`).join(', ')}`;
}

export function renderImpactMarkdown(report: ImpactReport, headingLevel = 1): string {
  const h = '#'.repeat(headingLevel);
  const lines = [
    `${h} Impact of 8.0 on your integration`,
    '',
    `Generated ${report.generatedAt}; ${report.mode}. Inputs: ${report.inputs.join('; ')}.`,
    '',
    `${summaryLine(report)}.`,
    '',
    ...impactTable(report.calls),
  ];
  return `${lines.join('\n')}\n`;
}

export function impactTable(calls: readonly CallImpact[]): string[] {
  const observed = calls.some((call) => call.observed !== undefined);
  const lines = [
    `| Verdict | Call | Use instead | Why | Seen in${observed ? ' | Observed' : ''} |`,
    `|---|---|---|---|---|${observed ? '---|' : ''}`,
  ];
  for (const call of calls) {
    const why = [...call.reasons, ...(call.vendor ? [call.vendor] : [])].join('<br>');
    const examples = call.examples.filter((example) => example !== call.endpoint).map((example) => `\`${example}\``);
    const callCell = `\`${call.method} ${call.endpoint}\`${examples.length > 0 ? `<br>e.g. ${examples.join(', ')}` : ''}`;
    const cells = [`**${call.verdict}**`, callCell, call.replacement ? replacementMarkdown(call.replacement) : '', why, call.origins.join('<br>')];
    if (observed) cells.push(observationText(call));
    lines.push(`| ${cells.map(escapeCell).join(' | ')} |`);
  }
  return lines;
}

/**
 * A replacement is a call (`GET /rest/mp/v1.2/…`), maybe followed by words
 * (`… with response_mode=query instead of scope=openid`), or only words
 * (`none named by the spec …`): the call is code, the words are text.
 */
export function splitReplacement(replacement: string): { readonly call?: string; readonly words: string } {
  const call = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+/.exec(replacement)?.[0];
  return call === undefined ? { words: replacement } : { call, words: replacement.slice(call.length) };
}

function replacementMarkdown(replacement: string): string {
  const { call, words } = splitReplacement(replacement);
  return `${call === undefined ? '' : `\`${call}\``}${words}`;
}

export function observationText(call: CallImpact): string {
  const observed = call.observed;
  if (!observed) return '';
  if (!observed.replayed) return `not replayed: ${observed.reason}`;
  const agreement = observed.agrees === undefined ? '' : observed.agrees ? ' ✓ agrees' : ' ✗ differs';
  return `${observed.status}, ${observed.shape}${agreement}${observed.note ? ` (${observed.note})` : ''}`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
