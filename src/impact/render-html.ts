/**
 * reports/impact.html: one self-contained page (inline CSS, no script, no
 * outside resource), readable offline: the summary as coloured counts, then
 * one row per distinct call with its verdict, the replacement and why.
 */
import { observationText, splitReplacement, summaryLine } from './render-markdown.ts';
import { impactVerdicts, type CallImpact, type ImpactReport, type ImpactVerdict } from './types.ts';

const colours: Record<ImpactVerdict, string> = {
  blocking: '#b42318',
  replace: '#b54708',
  review: '#175cd3',
  unchanged: '#067647',
  unknown: '#475467',
};

const style = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem; color: #101828; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
p.meta { color: #475467; margin: 0 0 1rem; }
ul.summary { list-style: none; padding: 0; display: flex; gap: .75rem; flex-wrap: wrap; }
ul.summary li { border-radius: 6px; padding: .4rem .8rem; color: #fff; font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid #eaecf0; padding: .5rem; }
/* A long path or variable name in a sentence wraps inside its column rather than widening the page. */
td { overflow-wrap: break-word; }
td.why, td.observed { overflow-wrap: anywhere; }
th { background: #f9fafb; font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: #475467; }
code { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, monospace; background: #f2f4f7; padding: 0 .2rem; border-radius: 3px; overflow-wrap: anywhere; }
span.verdict { display: inline-block; white-space: nowrap; border-radius: 4px; padding: .1rem .5rem; color: #fff; font-weight: 600; font-size: .85rem; }
ul.reasons { margin: 0; padding-left: 1.1rem; }
td.origin { color: #475467; font-size: .85rem; }
td.call { min-width: 14rem; }
td.instead { min-width: 9rem; }
td.why { min-width: 15rem; }
td.origin { min-width: 7rem; }
td.observed { min-width: 11rem; }
`;

export function renderImpactHtml(report: ImpactReport): string {
  const summary = impactVerdicts
    .map((verdict) => `<li style="background:${colours[verdict]}">${report.summary[verdict]} ${verdict}</li>`)
    .join('');
  const observed = report.calls.some((call) => call.observed !== undefined);
  const rows = report.calls.map((call) => row(call, observed)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Impact of 8.0 on your integration</title>
<style>${style}</style>
</head>
<body>
<h1>Impact of 8.0 on your integration</h1>
<p class="meta">Generated ${escape(report.generatedAt)}; ${escape(report.mode)}. Inputs: ${escape(report.inputs.join('; '))}.</p>
<p>${escape(summaryLine(report))}.</p>
<ul class="summary">${summary}</ul>
<table>
<thead><tr><th>Verdict</th><th>Call</th><th>Use instead</th><th>Why</th><th>Seen in</th>${observed ? '<th>Observed</th>' : ''}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}

function row(call: CallImpact, observed: boolean): string {
  const examples = call.examples.filter((example) => example !== call.endpoint);
  const reasons = [...call.reasons, ...(call.vendor ? [call.vendor] : [])].map((reason) => `<li>${inlineCode(reason)}</li>`).join('');
  const cells = [
    `<span class="verdict" style="background:${colours[call.verdict]}">${call.verdict}</span>`,
    `<code>${pathHtml(`${call.method} ${call.endpoint}`)}</code>${examples.length > 0 ? `<br><small>e.g. ${examples.map((example) => `<code>${pathHtml(example)}</code>`).join(', ')}</small>` : ''}`,
    call.replacement ? replacementHtml(call.replacement) : '',
    `<ul class="reasons">${reasons}</ul>`,
  ];
  const origin = `<td class="origin">${call.origins.map(escape).join('<br>')}</td>`;
  const classes = ['verdict', 'call', 'instead', 'why'];
  return `<tr data-verdict="${call.verdict}">${cells.map((cell, index) => `<td class="${classes[index] ?? ''}">${cell}</td>`).join('')}${origin}${observed ? `<td class="observed">${inlineCode(observationText(call))}</td>` : ''}</tr>`;
}

/** A path may break after each slash and before its query's parameters, so a long one is not cut mid-word. */
function pathHtml(text: string): string {
  return escape(text).replace(/\/|\?|&amp;/g, (separator) => `${separator}<wbr>`);
}

/** The call to use instead as code, any words that qualify it (or a replacement that is only words) as text. */
function replacementHtml(replacement: string): string {
  const { call, words } = splitReplacement(replacement);
  return `${call === undefined ? '' : `<code>${pathHtml(call)}</code>`}${inlineCode(words)}`;
}

/** `name` in backquotes becomes code, the rest is escaped text. */
function inlineCode(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part)))
    .join('');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
