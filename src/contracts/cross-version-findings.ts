/**
 * What a failed interaction of the cross-version comparison is, before it
 * is called a break (cross-version.ts):
 * - its endpoint is one the spec lists as served on the new version and it
 *   answered 404/405: that is the finding of the endpoint's own check
 *   (`<entry>.served`), not a break of the contract; it points there;
 * - every mismatch is a place where the listed departures say the vendor's
 *   documents differ from the spec (src/conformance/departures.ts): named,
 *   so not undocumented;
 * - the old contract does not hold on a target of its own version in the
 *   same run: it proves nothing about the new version (a break counts only
 *   where the old interaction holds on the old side).
 */
import { catalogModules, httpMethods } from '../catalog/types.ts';
import { notServedFinding, type NotServedFinding } from '../check/not-served.ts';
import { coveringDeparture, type Departure } from '../conformance/departures.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { Mismatch } from './verification-report.ts';
import type { InteractionOutcome } from './verify-source.ts';

/** A base for a request path only: the catalog matches paths, never hosts. */
const pathBase = 'http://target.invalid';

/** The served-check finding a failed interaction's 404/405 is, if its endpoint is one the spec lists as served on `to`. */
export function interactionNotServed(outcome: InteractionOutcome, to: PlatformVersion): NotServedFinding | undefined {
  if (outcome.state !== 'failed' || outcome.method === undefined || outcome.path === undefined) return undefined;
  const status = Number(outcome.mismatches.find((mismatch) => mismatch.type === 'StatusMismatch')?.actual);
  if (!Number.isInteger(status)) return undefined;
  return notServedFinding([{ method: outcome.method, url: new URL(outcome.path, pathBase).href, status }], to, outcome.checkId);
}

/**
 * A contract interaction of `version` that is not checked rather than failed again: its endpoint is the finding of
 * the endpoint's served check (the 404/405 of a route the spec lists as served on `version`), and the answer is about
 * the route, not an entity: a 405 (RFC 9110 §15.5.6: the resource does not take the method), or a 404 to a path
 * whose ids are the target's own (generated from a provider state: FIXTURE_*, discovery, the embedded seed) or that
 * has none. A 404 to a path with the pact's example ids may be a missing entity: it stays a failure, as does any
 * mismatch of a route that answered.
 */
export function interactionNotChecked(outcome: InteractionOutcome, version: PlatformVersion): NotServedFinding | undefined {
  const finding = interactionNotServed(outcome, version);
  if (finding === undefined) return undefined;
  // A path version segment (`{version}`, spec §9.2) is no id.
  const idsOfTheTarget = outcome.pathFromProviderState === true || !finding.endpoint.replace(/\{version\}/g, '').includes('{');
  return finding.status === 405 || idsOfTheTarget ? finding : undefined;
}

/** The departure that names a mismatch of a failed interaction on `to` (a response body pointer), if one does. */
export function departureFor(outcome: InteractionOutcome, mismatch: Mismatch, to: PlatformVersion): Departure | undefined {
  const pointer = bodyPointer(mismatch);
  const method = httpMethods.find((candidate) => candidate === outcome.method?.toUpperCase());
  if (method === undefined || outcome.path === undefined || pointer === undefined) return undefined;
  const path = outcome.path.split('?')[0] ?? outcome.path;
  // The departures name the module; a request path belongs to one module only, so each is tried.
  for (const module of catalogModules) {
    const row = coveringDeparture({ side: 'response', pointer, message: mismatch.text, level: 'error' }, { module, version: to, method, path });
    if (row) return row;
  }
  return undefined;
}

/** Pact's `$.groups[0].id` (a BodyMismatch) as the conformance pointer `/body/groups/0/id`. */
export function bodyPointer(mismatch: Mismatch): string | undefined {
  if (!mismatch.type.startsWith('BodyMismatch') || mismatch.path === undefined || !mismatch.path.startsWith('$')) return undefined;
  const segments = mismatch.path
    .slice(1)
    .split(/\.|\[(\d+|\*)\]/)
    .filter((segment): segment is string => segment !== undefined && segment !== '');
  return ['/body', ...segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');
}

/** What the old version's own contract did on a target of its own version in this run. */
export type FromSide = 'held' | 'broke' | 'not verified there';

/** What the comparison reads of a check of the run's results (src/runner/results.ts `CheckResult`). */
export interface RunCheck {
  readonly id: string;
  readonly version?: string;
  readonly state: 'passed' | 'failed' | 'skipped';
}

/**
 * The old version's contract check (`contract.…`) on a target of `from` in this run's results: whether the
 * interaction holds on its own side. None when the run covered no target of `from`.
 */
export function fromSideOf(checkId: string, from: PlatformVersion, checks: readonly RunCheck[]): FromSide | undefined {
  const own = checks.filter((check) => check.id === checkId && check.version === from);
  if (own.length === 0) return undefined;
  if (own.some((check) => check.state === 'failed')) return 'broke';
  return own.every((check) => check.state === 'passed') ? 'held' : 'not verified there';
}
