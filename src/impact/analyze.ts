/**
 * The offline analysis: every distinct call of the inputs, matched to the
 * spec's endpoints (match.ts), judged by the table of verdict-rules.ts and
 * the bodies it shows (body-findings.ts). Distinct means one method and one
 * endpoint: `/assets/77401` and `/assets/{assetId}` are the same call.
 */
import type { CatalogEntry, HttpMethod } from '../catalog/index.ts';
import { requestFieldFindings, requestTypeFindings, responseTypeFindings } from './body-findings.ts';
import { isTemplated, matchEndpoint, moduleOf, type EndpointMatch } from './match.ts';
import { casRules, changeDetails, changeRules, raisedToReview, replacementOf, unknownReason } from './verdict-rules.ts';
import { impactVerdicts, type CallImpact, type ImpactVerdict, type ObservedCall } from './types.ts';

/** One distinct call: its match and every input line that makes it. */
export interface CallGroup {
  readonly method: HttpMethod;
  readonly endpoint: string;
  readonly match: EndpointMatch;
  readonly calls: readonly ObservedCall[];
}

export function groupCalls(calls: readonly ObservedCall[]): CallGroup[] {
  const groups = new Map<string, { method: HttpMethod; endpoint: string; match: EndpointMatch; calls: ObservedCall[] }>();
  for (const call of calls) {
    const match = matchEndpoint(call.method, call.path);
    const endpoint = 'template' in match ? match.template : genericTemplate(call.path);
    const key = `${call.method} ${endpoint}`;
    const group = groups.get(key);
    if (group) group.calls.push(call);
    else groups.set(key, { method: call.method, endpoint, match, calls: [call] });
  }
  return [...groups.values()];
}

export function judge(group: CallGroup): CallImpact {
  const base = baseVerdict(group.match);
  const findings = [...new Set(group.calls.flatMap(callFindings))];
  const verdict = findings.length > 0 ? raisedToReview(base.verdict) : base.verdict;
  const entry = entryOf(group.match);
  return {
    method: group.method,
    endpoint: group.endpoint,
    examples: [...new Set(group.calls.map((call) => `${call.path}${call.query ? `?${call.query}` : ''}`))].slice(0, 3),
    origins: [...new Set(group.calls.map((call) => call.origin))],
    verdict,
    ...(entry && { entryId: entry.id, change: group.match.kind === 'replacement' ? 'replacement' : [entry.change, ...(entry.alsoChanges ?? [])].join(', '), specSection: entry.specSection }),
    ...(base.replacement !== undefined && { replacement: base.replacement }),
    reasons: [...base.reasons, ...findings],
  };
}

export function summarize(impacts: readonly CallImpact[]): Record<ImpactVerdict, number> {
  const summary: Record<ImpactVerdict, number> = { blocking: 0, replace: 0, review: 0, unchanged: 0, unknown: 0 };
  for (const impact of impacts) summary[impact.verdict] += 1;
  return summary;
}

/** Worst first, then by endpoint. */
export function byVerdict(a: CallImpact, b: CallImpact): number {
  return impactVerdicts.indexOf(a.verdict) - impactVerdicts.indexOf(b.verdict) || a.endpoint.localeCompare(b.endpoint) || a.method.localeCompare(b.method);
}

interface BaseVerdict {
  readonly verdict: ImpactVerdict;
  readonly reasons: readonly string[];
  readonly replacement?: string;
}

function baseVerdict(match: EndpointMatch): BaseVerdict {
  switch (match.kind) {
    case 'entry': {
      const rule = changeRules[match.entry.change];
      const replacement = rule.verdict === 'replace' ? { replacement: replacementOf(match.entry) } : {};
      return { verdict: rule.verdict, reasons: [rule.reason(match.entry), ...changeDetails(match.entry)], ...replacement };
    }
    case 'replacement':
      return { verdict: 'unchanged', reasons: [`the replacement of the deprecated ${match.entry.method} ${match.entry.path} (spec ${match.entry.specSection}, §9.4)`] };
    case 'authorization':
      return match.version === '7.4' ? { ...casRules.legacyAuthorization, reasons: [casRules.legacyAuthorization.reason] } : { verdict: casRules.authorization.verdict, reasons: [casRules.authorization.reason] };
    case 'token':
      return { verdict: casRules.token.verdict, reasons: [casRules.token.reason] };
    case 'module':
      return { verdict: 'unknown', reasons: [unknownReason(match.module)] };
    case 'outside':
      return { verdict: 'unknown', reasons: [unknownReason(undefined)] };
  }
}

/** Each call on its own: the ids in its path are its own, not the group's first call's. */
function callFindings(call: ObservedCall): string[] {
  const match = matchEndpoint(call.method, call.path);
  const entry = match.kind === 'entry' ? match.entry : undefined;
  return [
    ...numericUserIds(match),
    ...requestFieldFindings(entry, moduleOf(call.path), call.requestBody),
    ...requestTypeFindings(entry, call.requestBody),
    ...responseTypeFindings(entry, call.responseBody),
  ];
}

/** Spec §9.3: users are identified by UUID in 8.0; a path parameter that takes a user's UUID given a number. */
function numericUserIds(match: EndpointMatch): string[] {
  if (match.kind !== 'entry') return [];
  return Object.entries(match.params).flatMap(([name, value]) => {
    const fixture = match.entry.pathParams[name];
    return fixture?.endsWith('Uuid') && /^\d+$/.test(value)
      ? [`\`{${name}}\` is ${value}, a numeric user id: 8.0 identifies users by UUID here (spec ${match.entry.specSection}, §9.3)`]
      : [];
  });
}

function entryOf(match: EndpointMatch): CatalogEntry | undefined {
  return match.kind === 'entry' || match.kind === 'replacement' ? match.entry : undefined;
}

const uuidSegment = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path not in the spec, with its ids written `{id}`, so that calls to the same endpoint count once. */
function genericTemplate(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) || uuidSegment.test(segment) || isTemplated(segment) ? '{id}' : segment))
    .join('/');
}
