/**
 * The migration report as one self-contained HTML page
 * (reports/migration-report.html): no network, no script. One row per
 * endpoint change with what 7.4 and 8.0 did, the verdict and what to use
 * instead; filters by module and verdict are radio buttons that CSS alone
 * applies (`body:has(#module-job:checked) tr:not([data-module="job"])`), so
 * the page reads the same in a mail client that strips scripts. The extra
 * sections (contract breaks, vendor conformance) are their markdown, rendered
 * with `marked`, every HTML tag in it escaped except the `<br>` of table cells
 * (their text comes from the target's answers).
 */
import { Marked, type Tokens } from 'marked';
import { catalogModules, type CatalogModule } from '../catalog/index.ts';
import { platformVersions } from '../profile/versions.ts';
import type { MigrationReport, MigrationRow, RowVerdict, VersionOutcome } from './migration-report.ts';
import { vendorAgreementSummary, vendorColumnCells, vendorColumnHeaders } from './vendor-agreement-column.ts';

const verdicts: readonly RowVerdict[] = ['as documented', 'deviates', 'observation', 'not checked'];

const moduleNames: Record<CatalogModule, string> = {
  job: 'Job',
  planning: 'Planning',
  media: 'Media',
  review: 'Review',
  templateBuilder: 'Template builder',
  shop: 'Shop',
};

const sectionMarkdown = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      return token.text.trim() === '<br>' ? '<br>' : escapeHtml(token.text);
    },
  },
});

export function renderMigrationHtml(report: MigrationReport): string {
  const modules = catalogModules.filter((module) => report.rows.some((row) => row.module === module));
  const rows = modules.flatMap((module) => report.rows.filter((row) => row.module === module));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Migration report: platform 7.4 → 8.0</title>
<style>
${stylesheet(modules)}
</style>
</head>
<body>
<h1>Migration report: platform 7.4 → 8.0</h1>
<p>Generated ${escapeHtml(report.generatedAt)} from: ${escapeHtml(report.targets.join(', ') || 'no targets')}.</p>
${report.scope.map((line) => `<p class="scope"><strong>Not the whole run:</strong> ${escapeHtml(line)}</p>`).join('\n')}
<p class="summary">${report.rows.length} documented endpoint changes: ${verdicts.map((verdict) => `<span class="verdict ${slug(verdict)}">${report.summary[verdict]} ${verdict}</span>`).join(', ')}.</p>
<p class="vendor">${escapeHtml(vendorAgreementSummary(report))}</p>
<form class="filters" aria-label="Filters">
<fieldset><legend>Module</legend>
${filter('module', 'all', 'All modules', rows.length, true)}
${modules.map((module) => filter('module', module, moduleNames[module], rows.filter((row) => row.module === module).length)).join('\n')}
</fieldset>
<fieldset><legend>Verdict</legend>
${filter('verdict', 'all', 'All verdicts', rows.length, true)}
${verdicts.map((verdict) => filter('verdict', slug(verdict), verdict, report.summary[verdict])).join('\n')}
</fieldset>
</form>
<table class="changes">
<thead><tr><th>Module</th><th>Endpoint</th><th>Change</th><th>Spec</th><th>7.4</th><th>8.0</th><th>Verdict</th><th>Use instead</th>${vendorColumnHeaders(report.vendorDocuments).map((title) => `<th>${escapeHtml(title)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => renderRow(row, report.vendorDocuments)).join('\n')}
</tbody>
</table>
${report.sections.map((section) => `<section>\n<h2>${escapeHtml(section.title)}</h2>\n${sectionMarkdown.parse(section.markdown, { async: false })}</section>`).join('\n')}
</body>
</html>
`;
}

function renderRow(row: MigrationRow, vendorDocuments: boolean): string {
  const cells = [
    `<td>${escapeHtml(moduleNames[row.module])}</td>`,
    `<td><code>${escapeHtml(row.endpoint)}</code>${row.notes ? `<div class="note">${escapeHtml(row.notes)}</div>` : ''}</td>`,
    `<td>${escapeHtml(row.change)}</td>`,
    `<td>${escapeHtml(row.spec)}</td>`,
    ...platformVersions.map((version) => `<td class="outcome">${renderOutcome(row.versions[version])}</td>`),
    `<td class="verdict ${slug(row.verdict)}">${escapeHtml(row.verdict)}</td>`,
    `<td>${row.replacement ? `<code>${escapeHtml(row.replacement)}</code>` : ''}</td>`,
    ...vendorColumnCells(vendorDocuments, row.vendorAgreements).map((text) => `<td class="vendor">${escapeHtml(text)}</td>`),
  ];
  return `<tr class="change" data-module="${row.module}" data-verdict="${slug(row.verdict)}" id="${escapeHtml(row.id)}">${cells.join('')}</tr>`;
}

function renderOutcome(outcome: VersionOutcome | undefined): string {
  if (!outcome) return '<span class="muted">not run</span>';
  // A version nothing was checked on says why, and nothing else.
  if (outcome.verdict === 'not checked') return `<div class="why">not checked: ${outcome.observed.map(escapeHtml).join('<br>')}</div>`;
  const findings = outcome.observed.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const headers = outcome.deprecationHeaders === undefined ? '' : `<div class="headers">Deprecation/Sunset headers: ${escapeHtml(outcome.deprecationHeaders)}</div>`;
  return `<div class="expected">${escapeHtml(outcome.expected)}</div><ul>${findings}</ul>${headers}`;
}

function filter(group: 'module' | 'verdict', value: string, label: string, count: number, checked = false): string {
  const id = `${group}-${value}`;
  return `<input type="radio" name="${group}" id="${id}"${checked ? ' checked' : ''}><label for="${id}">${escapeHtml(label)} (${count})</label>`;
}

function stylesheet(modules: readonly CatalogModule[]): string {
  const hide = (group: string, value: string): string => `body:has(#${group}-${value}:checked) tr.change:not([data-${group}="${value}"]) { display: none; }`;
  return [
    'body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }',
    'table { border-collapse: collapse; width: 100%; margin: 1rem 0; }',
    'th, td { border: 1px solid #c8c8c8; padding: .35rem .5rem; vertical-align: top; text-align: left; }',
    'th { background: #f2f2f2; }',
    'td.outcome { max-width: 28rem; overflow-wrap: anywhere; white-space: pre-line; }',
    'td.vendor { max-width: 22rem; overflow-wrap: anywhere; white-space: pre-line; } p.vendor { color: #555; }',
    'td.outcome ul { margin: .2rem 0; padding-left: 1.1rem; } .expected { font-weight: 600; } .note, .headers { color: #555; font-size: 90%; }',
    'code { font-size: 90%; overflow-wrap: anywhere; }',
    'fieldset { display: inline-block; border: 1px solid #c8c8c8; margin: 0 1rem .5rem 0; }',
    '.filters label { display: inline-block; padding: .15rem .6rem; margin: .15rem; border: 1px solid #888; border-radius: 1rem; cursor: pointer; }',
    '.filters input { margin-left: .4rem; }',
    '.filters input:checked + label { background: #1b4f8a; color: #fff; border-color: #1b4f8a; }',
    '.verdict.as-documented { background: #e3f5e1; } .verdict.deviates { background: #fde2e1; } .verdict.observation { background: #fff4ce; } .verdict.not-checked { background: #eaeaea; }',
    '.muted, .why { color: #555; }',
    '.scope { background: #fff4ce; border-left: 4px solid #b58900; padding: .4rem .7rem; margin: .5rem 0; }',
    ...modules.map((module) => hide('module', module)),
    ...verdicts.map((verdict) => hide('verdict', slug(verdict))),
  ].join('\n');
}

function slug(text: string): string {
  return text.replace(/\s+/g, '-');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
