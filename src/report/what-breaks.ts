/**
 * "What breaks when we move?", per module, for the first screen of the
 * migration report and the start of the summary:
 * - the module's documented changes counted by kind (spec §4.2–§4.7: a row
 *   naming two kinds, "removed/deprecated", counts in both);
 * - the calls an unchanged client loses (removed, breaking) with what to use
 *   instead;
 * - the findings that need action, one line per endpoint (one root cause,
 *   src/check/not-served.ts), worst first: an endpoint not served, then a
 *   status the spec does not allow (src/check/status-finding.ts), then an
 *   answer that differs from the spec, then a removed endpoint still served,
 *   then contracts a provider verification that could not run left unverified.
 * Failures outside the six modules (the OAuth flows, contracts about no
 * module) are counted apart.
 */
import { catalog, catalogModules, modulePrefixes, moduleIdPrefix, type CatalogEntry, type CatalogModule, type ChangeKind } from '../catalog/index.ts';
import type { CheckResult } from '../runner/results.ts';
import { moduleTitles } from './module-names.ts';
import { inPlainWords } from './plain-words.ts';
import { useInsteadOf } from './use-instead.ts';
import { brokenVerificationScope } from '../check/check-id.ts';

/** The change kinds a lead counts, the ones a client must act on first. */
export const countedKinds = ['breaking', 'removed', 'deprecated', 'changed', 'added'] as const satisfies readonly ChangeKind[];
export type CountedKind = (typeof countedKinds)[number];

/** How bad a finding is for a client that moves, worst first. */
export const findingKinds = ['not served', 'refused', 'differs', 'still served', 'not verified'] as const;
export type FindingKind = (typeof findingKinds)[number];

const findingKindWords: Record<FindingKind, string> = {
  'not served': 'not served',
  refused: 'wrong status',
  differs: 'answer differs from the spec',
  'still served': 'removed, still served',
  'not verified': 'contracts not verified',
};

export interface BreakingCall {
  readonly endpoint: string;
  readonly kind: 'removed' | 'breaking';
  /** What changes, as the spec's row says it (a breaking change: how the body changed). */
  readonly what?: string;
  readonly useInstead: string;
}

export interface ActionFinding {
  readonly kind: FindingKind;
  /** `GET /rest/mp/v1.1/ai-tagging/configurations`, or what the check checks where the failure is about no endpoint. */
  readonly endpoint: string;
  /** The targets it failed on (`embedded 8.0`). */
  readonly targets: readonly string[];
  /** The worst failure's headline, in plain words. */
  readonly headline: string;
  /** What the target did, short enough for the first screen (`answered 404: 'Not Found'`); the headline has the rest. */
  readonly evidence: string;
  readonly failedChecks: number;
  /** Checks not checked because of it (they wait for this finding). */
  readonly notCheckedBecause: number;
  /** With OPENAPI_DIR: the vendor's document of the target's version agrees with the target (a departure to plan for). */
  readonly vendorAgrees?: string;
}

export interface ModuleWhatBreaks {
  readonly module: CatalogModule;
  readonly counts: Readonly<Record<CountedKind, number>>;
  /** The module's rows, and how many of them nothing was checked on: "no finding" is only as good as what ran. */
  readonly rows: number;
  readonly notChecked: number;
  readonly breakingCalls: readonly BreakingCall[];
  readonly findings: readonly ActionFinding[];
}

export interface WhatBreaks {
  readonly modules: readonly ModuleWhatBreaks[];
  /** Findings about no module: the OAuth flows, the contract comparison. */
  readonly otherFindings: readonly ActionFinding[];
}

/** A row of the migration report, as far as the overview reads it. */
export interface RowVerdictOf {
  readonly module: CatalogModule;
  readonly verdict: string;
}

export function whatBreaks(checks: readonly CheckResult[], rows: readonly RowVerdictOf[], vendor?: ReadonlyMap<string, string>): WhatBreaks {
  const failures = checks.filter((check) => check.state === 'failed');
  const byModule = new Map<CatalogModule | undefined, CheckResult[]>();
  for (const failure of failures) {
    const module = moduleOf(failure);
    byModule.set(module, [...(byModule.get(module) ?? []), failure]);
  }
  const modules = catalogModules.map((module): ModuleWhatBreaks => {
    const entries = catalog.filter((entry) => entry.module === module);
    return {
      module,
      counts: countKinds(entries),
      rows: rows.filter((row) => row.module === module).length,
      notChecked: rows.filter((row) => row.module === module && row.verdict === 'not checked').length,
      breakingCalls: entries.flatMap((entry) => breakingCall(entry, vendor)),
      findings: findingsOf(byModule.get(module) ?? [], checks),
    };
  });
  return { modules, otherFindings: findingsOf(byModule.get(undefined) ?? [], checks) };
}

function countKinds(entries: readonly CatalogEntry[]): Record<CountedKind, number> {
  const counts: Record<CountedKind, number> = { breaking: 0, removed: 0, deprecated: 0, changed: 0, added: 0 };
  for (const entry of entries) {
    for (const kind of new Set([entry.change, ...(entry.alsoChanges ?? [])])) if (isCounted(kind)) counts[kind] += 1;
  }
  return counts;
}

function isCounted(kind: ChangeKind): kind is CountedKind {
  return (countedKinds as readonly string[]).includes(kind);
}

function breakingCall(entry: CatalogEntry, vendor: ReadonlyMap<string, string> | undefined): BreakingCall[] {
  if (entry.change !== 'removed' && entry.change !== 'breaking') return [];
  return [{ endpoint: `${entry.method} ${entry.path}`, kind: entry.change, ...(entry.change === 'breaking' && entry.notes !== undefined && { what: entry.notes }), useInstead: useInsteadOf(entry, vendor) ?? '' }];
}

/**
 * A module check by its id (`template-builder.…`), a contract interaction by the path it is about. An OAuth check
 * probes a module endpoint with its token, but what it finds is the CAS's and the resource servers' (spec §5), never
 * the module team's: it belongs to no module.
 */
function moduleOf(check: CheckResult): CatalogModule | undefined {
  const byId = catalogModules.find((module) => check.id.startsWith(`${moduleIdPrefix(module)}.`));
  if (byId) return byId;
  if (check.id.startsWith('auth.')) return undefined;
  const path = check.endpoint?.split(' ')[1];
  return path === undefined ? undefined : catalogModules.find((module) => path.startsWith(`${modulePrefixes[module]}/`));
}

/** One finding per endpoint (or per check, for one about no endpoint), worst first. */
function findingsOf(failures: readonly CheckResult[], checks: readonly CheckResult[]): ActionFinding[] {
  const groups = new Map<string, CheckResult[]>();
  for (const failure of failures) {
    const key = replacementCalled(failure) ?? failure.endpoint ?? failure.id;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const findings = [...groups].flatMap(([key, group]): ActionFinding[] => {
    const ranked = [...group].sort((a, b) => rank(kindOf(a)) - rank(kindOf(b)) || newerFirst(a, b));
    const [worst] = ranked;
    if (worst === undefined) return [];
    const waiting = checks.filter((check) => check.state === 'skipped' && check.finding !== undefined && group.some((failed) => failed.id === check.finding && failed.project === check.project));
    // A finding about no endpoint (an OAuth flow) is named by what its check checks, not by the check's id.
    const endpoint = key === worst.id ? titleOf(worst) : key;
    const agreement = ranked.find((check) => check.vendorAgreement !== undefined)?.vendorAgreement;
    return [
      {
        kind: kindOf(worst),
        endpoint,
        targets: [...new Set(ranked.map((check) => check.project))],
        headline: bounded(inPlainWords(firstLine(worst.error))),
        evidence: evidenceOf(worst, endpoint),
        failedChecks: group.length,
        notCheckedBecause: waiting.length,
        ...(agreement && { vendorAgrees: `the vendor's ${agreement.version} document agrees (${agreement.document}): plan for it` }),
      },
    ];
  });
  return findings.sort(
    (a, b) => rank(a.kind) - rank(b.kind) || b.notCheckedBecause + b.failedChecks - (a.notCheckedBecause + a.failedChecks) || a.endpoint.localeCompare(b.endpoint),
  );
}

function titleOf(check: CheckResult): string {
  return check.name.replace(/\s*\[[^\]]*\]$/, '').trim() || check.id;
}

/**
 * The replacement's check (spec §9.4) is filed under the deprecated endpoint's story, but what is not served is the
 * replacement: the finding names the endpoint the client moves to.
 */
function replacementCalled(check: CheckResult): string | undefined {
  if (!check.id.endsWith('.replacement-served')) return undefined;
  const replacement = catalog.find((entry) => check.id === `${entry.id}.replacement-served`)?.replacement;
  return replacement === undefined ? undefined : `${replacement.method} ${replacement.path}`;
}

/**
 * What the failure means for a client: the lifecycle check of a served endpoint answered 404 or 405 (not served),
 * a status the spec does not allow (refused), the removal probe got a 2xx (still served; any other status the probe
 * did not expect is a wrong status), a provider verification that could not run (not verified), else the answer
 * differs from what the spec states.
 */
function kindOf(check: CheckResult): FindingKind {
  // A provider verification that could not run says nothing of the target's answers: its contracts are unverified.
  if (brokenVerificationScope(check.id) !== undefined) return 'not verified';
  if (check.id.endsWith('.gone')) return /^2\d\d\b/.test(check.observed ?? '') ? 'still served' : 'refused';
  const answered = /\banswered (\d{3})\b/.exec(firstLine(check.error))?.[1];
  const servedCheck = check.id.endsWith('.served') || check.id.endsWith('.replacement-served');
  if (servedCheck && (answered === '404' || answered === '405' || /^40[45]\b/.test(check.observed ?? ''))) return 'not served';
  return answered !== undefined ? 'refused' : 'differs';
}

/**
 * The status and the target's own words of a status finding (src/check/status-finding.ts: `GET … answered 404:
 * 'Not Found' (expected a 2xx); spec …`), the status a removed endpoint still answered, or the headline without
 * the call the finding already names.
 */
function evidenceOf(check: CheckResult, endpoint: string): string {
  const headline = inPlainWords(firstLine(check.error));
  const status = /^[A-Z]+ \S+ (answered \d{3}(?:: '(?:[^']|'(?! \())*')?(?: \(expected [^)]*\))?)/.exec(headline)?.[1];
  if (status !== undefined) return bounded(status, MAX_EVIDENCE);
  if (kindOf(check) === 'still served' && /^\d{3}\b/.test(check.observed ?? '')) return `answered ${check.observed?.slice(0, 3)}; the spec lists it as removed`;
  const call = `${endpoint} `;
  // The finding names the target already: a contract's evidence keeps its room for the target's answer.
  const said = headline.startsWith(call) ? headline.slice(call.length) : headline.replace(/^the target (?=breaks the contract )/, '');
  return bounded(said, MAX_EVIDENCE);
}

function rank(kind: FindingKind): number {
  return findingKinds.indexOf(kind);
}

/** The version a team moves to first: an 8.0 target's finding before a 7.4 one's. */
function newerFirst(a: CheckResult, b: CheckResult): number {
  return (b.version ?? '').localeCompare(a.version ?? '');
}

export function findingKindInWords(kind: FindingKind): string {
  return findingKindWords[kind];
}

/** One line of a finding: `not served: GET … on embedded 8.0 (1 check failed, 2 not checked because of it): headline`. */
export function findingLine(finding: ActionFinding): string {
  const also = finding.notCheckedBecause > 0 ? `, ${finding.notCheckedBecause} not checked because of it` : '';
  const checks = `${finding.failedChecks} check${finding.failedChecks === 1 ? '' : 's'} failed${also}`;
  return `${findingKindWords[finding.kind]}: ${finding.endpoint} on ${finding.targets.join(' and ')} (${checks}): ${finding.evidence}${finding.vendorAgrees ? `; ${finding.vendorAgrees}` : ''}`;
}

/** `1 breaking, 2 removed, 7 deprecated`: the kinds the module has, in the order a client acts on them. */
export function countsLine(counts: Readonly<Record<CountedKind, number>>): string {
  const said = countedKinds.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]} ${kind}`);
  return said.length === 0 ? 'no documented change' : said.join(', ');
}

/** "None" is only as good as what ran: it says how many rows nothing was checked on. */
export function noFindingText(rows: number, notChecked: number): string {
  return notChecked === 0 ? 'none: as documented' : `none found; ${notChecked} of ${rows} not checked`;
}

/** One summary line per module for the console: its changes and its findings. */
export function whatBreaksSummaryLines(breaks: WhatBreaks): string[] {
  const width = Math.max(...breaks.modules.map((module) => moduleTitles[module.module].length));
  const lines = breaks.modules.map((module) => {
    const [worst] = module.findings;
    const found = worst === undefined ? noFindingText(module.rows, module.notChecked) : `${module.findings.length} to act on, worst: ${findingLine(worst)}`;
    return `  ${moduleTitles[module.module].padEnd(width)}  ${countsLine(module.counts)}; findings: ${found}`;
  });
  if (breaks.otherFindings.length > 0) lines.push(`  ${'other'.padEnd(width)}  findings about no module (OAuth flows, contracts): ${breaks.otherFindings.length}`);
  return lines;
}

/** The findings the first screen lists per module; the others are counted, and every one is in its row. */
export const FINDINGS_ON_FIRST_SCREEN = 3;

/** A headline, not the whole message: the row of the endpoint holds all of it. */
const MAX_HEADLINE = 220;
const MAX_EVIDENCE = 140;

function bounded(text: string, max = MAX_HEADLINE): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A message's first line; one that only announces what follows (`the target breaks the contract "…":`) takes the
 * first line that follows, so a headline always carries the target's answer.
 */
function firstLine(text: string | undefined): string {
  const [first, next] = (text ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (first === undefined) return 'no message';
  return first.endsWith(':') && next !== undefined ? `${first} ${next}` : first;
}
