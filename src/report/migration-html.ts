/**
 * The migration report as one self-contained HTML page
 * (reports/migration-report.html): no network, no script. It holds what the
 * Markdown holds, in the same order: what breaks when the team moves, one
 * card per module (the changes by kind, the calls an unchanged client loses,
 * the findings that need action, worst first); the team's own integration;
 * every endpoint change with what 7.4 and 8.0 did, the verdict and what to
 * use instead; the deprecated endpoints' headers; the other sections.
 * Filters by module, change kind and verdict are radio buttons that CSS
 * alone applies (`body:has(#kind-removed:checked) tr.change:not([data-kinds~="removed"])`),
 * so the page reads the same in a mail client that strips scripts. The extra
 * sections (contract breaks, vendor conformance) are their markdown, rendered
 * with `marked`, every HTML tag in it escaped except the `<br>` of table cells
 * (their text comes from the target's answers).
 */
import { Marked, type Tokens } from 'marked';
import { catalogModules, changeKinds, type CatalogModule, type ChangeKind } from '../catalog/index.ts';
import { breakingKinds, useInsteadCell, type ChangeCell, type ChangeColumn } from './change-columns.ts';
import { reportColumns, vendorAgreementSummary } from './vendor-agreement-column.ts';
import type { MigrationReport, MigrationRow, ReportSection, RowVerdict, VersionOutcome } from './migration-report.ts';
import { moduleNames } from './module-names.ts';
import { noneNamedBySpec } from './use-instead.ts';
import { countedKinds, FINDINGS_ON_FIRST_SCREEN, findingKindInWords, noFindingText, type ActionFinding, type ModuleWhatBreaks } from './what-breaks.ts';

const verdicts: readonly RowVerdict[] = ['as documented', 'deviates', 'observation', 'not checked'];

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
  const kinds = changeKinds.filter((kind) => rows.some((row) => row.changeKinds.includes(kind)));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Migration report: platform 7.4 → 8.0</title>
<style>
${stylesheet(modules, kinds)}
</style>
</head>
<body>
<h1>Migration report: platform 7.4 → 8.0</h1>
${report.checked !== undefined ? `<p class="checked"><strong>Checked:</strong> ${escapeHtml(report.checked)}</p>` : ''}
<p class="generated">Generated ${escapeHtml(report.generatedAt)} from: ${escapeHtml(report.targets.join(', ') || 'no targets')}.</p>
${report.scope.map((line) => `<p class="scope"><strong>Not the whole run:</strong> ${escapeHtml(line)}</p>`).join('\n')}
${report.sections.map((section) => (section.leads && section.headline ? `<p class="leading"><strong>${escapeHtml(section.title)}:</strong> ${escapeHtml(section.headline)} (<a href="#${slug(section.title)}">below</a>)</p>` : '')).join('')}
<section class="what-breaks" aria-labelledby="what-breaks">
<h2 id="what-breaks">What breaks when you move</h2>
<div class="cards">
${report.whatBreaks.modules.map(moduleCard).join('\n')}
</div>
${otherFindings(report.whatBreaks.otherFindings)}
</section>
${report.sections.filter((section) => section.leads).map(renderSection).join('\n')}
<section class="changes" aria-labelledby="changes">
<h2 id="changes">Every documented change</h2>
<p class="summary">${report.rows.length} documented endpoint changes: ${verdicts.map((verdict) => `<span class="verdict ${slug(verdict)}">${report.summary[verdict]} ${verdict}</span>`).join(', ')}.</p>
<p class="vendor">${escapeHtml(vendorAgreementSummary(report))}</p>
<form class="filters" aria-label="Filters">
<fieldset><legend>Module</legend>
${filter('module', 'all', 'All modules', rows.length, true)}
${modules.map((module) => filter('module', module, moduleNames[module], rows.filter((row) => row.module === module).length)).join('\n')}
</fieldset>
<fieldset><legend>Change kind</legend>
${filter('kind', 'all', 'All kinds', rows.length, true)}
${kinds.map((kind) => filter('kind', kind, kind, rows.filter((row) => row.changeKinds.includes(kind)).length)).join('\n')}
</fieldset>
<fieldset><legend>Verdict</legend>
${filter('verdict', 'all', 'All verdicts', rows.length, true)}
${verdicts.map((verdict) => filter('verdict', slug(verdict), verdict, report.summary[verdict])).join('\n')}
</fieldset>
</form>
<table class="changes">
<thead><tr><th>Module</th>${reportColumns(report).map((column) => `<th>${escapeHtml(column.header)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => renderRow(row, reportColumns(report))).join('\n')}
</tbody>
</table>
</section>
${deprecatedSection(report)}
${report.sections.filter((section) => !section.leads).map(renderSection).join('\n')}
</body>
</html>
`;
}

function moduleCard(module: ModuleWhatBreaks): string {
  const counts = countedKinds
    .map((kind) => `<span class="count kind-${kind}${module.counts[kind] === 0 ? ' zero' : ''}" data-kind="${kind}"><b>${module.counts[kind]}</b> ${kind}</span>`)
    .join(' ');
  const calls =
    module.breakingCalls.length === 0
      ? ''
      : `<div class="calls"><h4>Calls that break</h4><ul>${module.breakingCalls
          .map(
            (call) =>
              `<li><code>${escapeHtml(call.endpoint)}</code> <span class="kind kind-${call.kind}">${call.kind}</span>${call.what === undefined ? '' : ` ${escapeHtml(call.what)}`}; use instead: ${call.useInstead.startsWith(noneNamedBySpec) ? escapeHtml(call.useInstead) : `<code>${escapeHtml(call.useInstead)}</code>`}</li>`,
          )
          .join('')}</ul></div>`;
  const state = module.findings.length > 0 ? ' has-findings' : module.notChecked > 0 ? ' partly-checked' : '';
  return `<article class="card${state}" data-module="${module.module}">
<h3>${escapeHtml(moduleNames[module.module])}</h3>
<p class="counts">${counts}</p>
${calls}
<div class="findings"><h4>Findings that need action</h4>${findingsList(module)}</div>
</article>`;
}

function findingsList(module: ModuleWhatBreaks): string {
  if (module.findings.length === 0) {
    return `<p class="none${module.notChecked > 0 ? ' partial' : ''}">${escapeHtml(noFindingText(module.rows, module.notChecked))}</p>`;
  }
  const shown = module.findings.slice(0, FINDINGS_ON_FIRST_SCREEN).map(findingItem).join('');
  const more = module.findings.length - FINDINGS_ON_FIRST_SCREEN;
  return `<ol class="findings">${shown}</ol>${more > 0 ? `<p class="more">${more} more in the table below</p>` : ''}`;
}

function findingItem(finding: ActionFinding): string {
  const checks = `${finding.failedChecks} check${finding.failedChecks === 1 ? '' : 's'} failed${finding.notCheckedBecause > 0 ? `, ${finding.notCheckedBecause} not checked because of it` : ''}`;
  return `<li class="finding ${slug(finding.kind)}"><span class="finding-kind">${escapeHtml(findingKindInWords(finding.kind))}</span> <code>${escapeHtml(finding.endpoint)}</code> on ${escapeHtml(finding.targets.join(' and '))} <span class="muted">(${checks})</span><div class="evidence" title="${escapeHtml(finding.headline)}">${escapeHtml(finding.evidence)}</div>${finding.vendorAgrees ? `<div class="vendor-agrees">${escapeHtml(finding.vendorAgrees)}</div>` : ''}</li>`;
}

function otherFindings(findings: readonly ActionFinding[]): string {
  if (findings.length === 0) return '';
  return `<div class="other-findings"><h3>Findings about no module (the OAuth flows, the contracts): ${findings.length}</h3><ol class="findings">${findings.map(findingItem).join('')}</ol></div>`;
}

function renderSection(section: ReportSection): string {
  return `<section>\n<h2 id="${slug(section.title)}">${escapeHtml(section.title)}</h2>\n${sectionMarkdown.parse(section.markdown, { async: false })}</section>`;
}

function deprecatedSection(report: MigrationReport): string {
  const deprecated = report.rows.filter((row) => row.changeKinds.includes('deprecated'));
  if (deprecated.length === 0) return '';
  const headers = (row: MigrationRow, version: '7.4' | '8.0'): string => escapeHtml(row.versions[version]?.deprecationHeaders ?? 'not run');
  return `<section class="deprecated" aria-labelledby="deprecated">
<h2 id="deprecated">Deprecated in 8.0</h2>
<p>Deprecation and Sunset headers (RFC 9745, RFC 8594) each version sent on the endpoint; the spec obliges none, so they are observations.</p>
<table class="deprecated">
<thead><tr><th>Endpoint</th><th>Use instead</th><th>Headers on 7.4</th><th>Headers on 8.0</th></tr></thead>
<tbody>
${deprecated.map((row) => `<tr><td><code>${escapeHtml(row.endpoint)}</code></td><td>${htmlCell(useInsteadCell(row))}</td><td>${headers(row, '7.4')}</td><td>${headers(row, '8.0')}</td></tr>`).join('\n')}
</tbody>
</table>
</section>`;
}

function renderRow(row: MigrationRow, columns: readonly ChangeColumn[]): string {
  const cells = [`<td>${escapeHtml(moduleNames[row.module])}</td>`, ...columns.map((column) => tableCell(column.cell(row)))];
  const breaks = row.changeKinds.some((kind) => breakingKinds.includes(kind));
  return `<tr class="change${breaks ? ' breaks' : ''}" data-module="${row.module}" data-kinds="${row.changeKinds.join(' ')}" data-verdict="${slug(row.verdict)}" id="${escapeHtml(row.id)}">${cells.join('')}</tr>`;
}

function tableCell(cell: ChangeCell): string {
  if (typeof cell === 'object' && 'outcome' in cell) return `<td class="outcome">${htmlCell(cell)}</td>`;
  if (typeof cell === 'object' && 'verdict' in cell) return `<td class="verdict ${slug(cell.verdict)}">${htmlCell(cell)}</td>`;
  return `<td>${htmlCell(cell)}</td>`;
}

function htmlCell(cell: ChangeCell): string {
  if (typeof cell === 'string') return escapeHtml(cell);
  if ('code' in cell) return `<code>${escapeHtml(cell.code)}</code>${cell.note === undefined ? '' : `<div class="note">${escapeHtml(cell.note)}</div>`}`;
  if ('kinds' in cell) return cell.kinds.map((kind: ChangeKind) => `<span class="kind kind-${kind}">${kind}</span>`).join(' ');
  if ('outcome' in cell) return renderOutcome(cell.outcome);
  return escapeHtml(cell.verdict);
}

function renderOutcome(outcome: VersionOutcome | undefined): string {
  if (!outcome) return '<span class="muted">not run</span>';
  // A version nothing was checked on says why, and nothing else.
  if (outcome.verdict === 'not checked') return `<div class="why">not checked: ${outcome.observed.map(escapeHtml).join('<br>')}</div>`;
  const findings = outcome.observed.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const headers = outcome.deprecationHeaders === undefined ? '' : `<div class="headers">Deprecation/Sunset headers: ${escapeHtml(outcome.deprecationHeaders)}</div>`;
  return `<div class="expected">${escapeHtml(outcome.expected)}</div><ul>${findings}</ul>${headers}`;
}

function filter(group: 'module' | 'kind' | 'verdict', value: string, label: string, count: number, checked = false): string {
  const id = `${group}-${value}`;
  return `<input type="radio" name="${group}" id="${id}"${checked ? ' checked' : ''}><label for="${id}">${escapeHtml(label)} (${count})</label>`;
}

function stylesheet(modules: readonly CatalogModule[], kinds: readonly ChangeKind[]): string {
  const hide = (group: string, value: string): string => `body:has(#${group}-${value}:checked) tr.change:not([data-${group}="${value}"]) { display: none; }`;
  // A row may have two kinds ("removed/deprecated"): the kind filter matches one word of the list.
  const hideKind = (kind: string): string => `body:has(#kind-${kind}:checked) tr.change:not([data-kinds~="${kind}"]) { display: none; }`;
  return [
    'body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }',
    'h1 { margin: 0 0 .2rem; } .generated { margin: 0 0 .6rem; color: #555; }',
    'h2 { margin: 1rem 0 .5rem; }',
    'table { border-collapse: collapse; width: 100%; margin: 1rem 0; }',
    'th, td { border: 1px solid #c8c8c8; padding: .35rem .5rem; vertical-align: top; text-align: left; }',
    'th { background: #f2f2f2; }',
    'td.outcome { max-width: 28rem; overflow-wrap: anywhere; white-space: pre-line; }',
    'td.outcome ul { margin: .2rem 0; padding-left: 1.1rem; } .expected { font-weight: 600; } .note, .headers { color: #555; font-size: 90%; }',
    'code { font-size: 90%; overflow-wrap: anywhere; }',
    '.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(24rem, 1fr)); gap: .7rem; }',
    '.card { border: 1px solid #c8c8c8; border-left: 5px solid #2e7d32; border-radius: .3rem; padding: .45rem .7rem; }',
    '.card.has-findings { border-left-color: #c62828; } .card.partly-checked { border-left-color: #b58900; }',
    '.card h3 { margin: 0 0 .3rem; font-size: 1.05rem; } .card h4 { margin: .35rem 0 .15rem; font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: #444; }',
    '.card ul, .card ol { margin: .1rem 0; padding-left: 1.2rem; } .card p { margin: .1rem 0; }',
    '.counts { display: flex; flex-wrap: wrap; gap: .3rem; }',
    '.count { border: 1px solid #bbb; border-radius: .8rem; padding: 0 .5rem; } .count.zero { color: #999; border-color: #e0e0e0; }',
    '.kind { border-radius: .25rem; padding: 0 .3rem; font-size: 90%; white-space: nowrap; }',
    '.kind-breaking:not(.zero), .kind-removed:not(.zero) { background: #fde2e1; border-color: #c62828; color: #8e0000; font-weight: 600; }',
    '.kind-deprecated:not(.zero) { background: #fff4ce; border-color: #b58900; } .kind-changed:not(.zero) { background: #e3ecfa; border-color: #1b4f8a; }',
    '.kind-added:not(.zero) { background: #e3f5e1; border-color: #2e7d32; } .kind-documented { background: #eee; }',
    '.none { color: #2e7d32; } .none.partial { color: #8a6d00; }',
    '.finding-kind { font-weight: 600; color: #8e0000; } .finding .evidence { font-size: 90%; overflow-wrap: anywhere; } .finding .vendor-agrees { font-size: 90%; color: #6b4e00; }',
    '.more { color: #555; font-size: 90%; }',
    'tr.change.breaks td:first-child { border-left: 4px solid #c62828; }',
    'fieldset { display: inline-block; border: 1px solid #c8c8c8; margin: 0 1rem .5rem 0; }',
    '.filters label { display: inline-block; padding: .15rem .6rem; margin: .15rem; border: 1px solid #888; border-radius: 1rem; cursor: pointer; }',
    '.filters input { margin-left: .4rem; }',
    '.filters input:checked + label { background: #1b4f8a; color: #fff; border-color: #1b4f8a; }',
    '.verdict.as-documented { background: #e3f5e1; } .verdict.deviates { background: #fde2e1; } .verdict.observation { background: #fff4ce; } .verdict.not-checked { background: #eaeaea; }',
    '.muted, .why { color: #555; }',
    '.scope { background: #fff4ce; border-left: 4px solid #b58900; padding: .4rem .7rem; margin: .5rem 0; }',
    ...modules.map((module) => hide('module', module)),
    ...kinds.map(hideKind),
    ...verdicts.map((verdict) => hide('verdict', slug(verdict))),
  ].join('\n');
}

function slug(text: string): string {
  return text.replace(/\s+/g, '-');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
