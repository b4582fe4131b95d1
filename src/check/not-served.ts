/**
 * One finding per root cause. An endpoint the spec lists as served on the
 * target's version (spec §4.2–§4.7; a deprecated endpoint's replacement, spec
 * §9.4) that answers 404 or 405 is the finding of its own lifecycle check
 * (`<entry>.served`, `<entry>.replacement-served`), which fails with the full
 * evidence. Any other check that needed the endpoint (roles, identifiers,
 * bodies) has nothing left to judge: it is not checked, and says which
 * finding it waits for, instead of failing a second time for the same fact.
 *
 * Decided from the check's own exchanges, so no state crosses the suites'
 * worker threads: the catalog says what is served, the exchange says what
 * the target answered.
 */
import { expectedVerdict, findCatalogEntry } from '../catalog/index.ts';
import type { PlatformVersion } from '../profile/versions.ts';

/** A route the platform does not have: 404, or 405 where another method shares the path (RFC 9110 §15.5.5, §15.5.6). */
const routeAbsent = new Set([404, 405]);

export interface AnsweredExchange {
  readonly method: string;
  readonly url: string;
  readonly status?: number;
}

/** The request's path below BASE_URL's own path: the spec's paths start there. */
export function pathBelow(url: string, baseUrl: string | undefined): string {
  const path = new URL(url).pathname;
  const base = baseUrl === undefined ? '' : new URL(baseUrl).pathname.replace(/\/+$/, '');
  return base !== '' && path.startsWith(`${base}/`) ? path.slice(base.length) : path;
}

export interface NotServedFinding {
  /** The lifecycle check that holds the finding (`media.ai-tagging-configurations.served`). */
  readonly findingId: string;
  /** `GET /rest/mp/v1.1/ai-tagging/configurations`, the spec's path. */
  readonly endpoint: string;
  readonly status: number;
  /** The skip reason: `not checked: GET … is not served (405; finding …)`. */
  readonly reason: string;
}

interface ServedRoute {
  readonly findingId: string;
  readonly endpoint: string;
}

/**
 * The lifecycle check that says whether the request's route is served on `version`, when the spec lists it as served
 * there. `baseUrl`: the target's BASE_URL, whose own path (`https://host/platform`) the spec's paths follow.
 */
export function servedRouteOf(method: string, url: string, version: PlatformVersion, baseUrl?: string): ServedRoute | undefined {
  const match = findCatalogEntry(method, pathBelow(url, baseUrl));
  if (!match) return undefined;
  const { entry } = match;
  if (match.replacement) {
    // The replacement's own check exists where the deprecated entry is served deprecated (8.0, spec §9.4).
    if (entry.replacement === undefined || expectedVerdict(entry, version) !== 'deprecated') return undefined;
    return { findingId: `${entry.id}.replacement-served`, endpoint: `${entry.replacement.method} ${entry.replacement.path}` };
  }
  if (expectedVerdict(entry, version) === 'absent') return undefined;
  // The catalog's template, as the checks' stories name it: the summary groups by it.
  return { findingId: `${entry.id}.served`, endpoint: `${entry.method} ${entry.path}` };
}

/**
 * The finding a failed check was stopped by, if any: an exchange of the check answered 404/405 on a route the spec
 * lists as served on `version`, and no exchange of the check to that same route succeeded (then the route is
 * served and the 404 is an entity's). `ownId` is the failed check: a finding's own check keeps its failure.
 */
export function notServedFinding(exchanges: readonly AnsweredExchange[], version: PlatformVersion, ownId: string, baseUrl?: string): NotServedFinding | undefined {
  const answered = exchanges.flatMap((exchange) => {
    if (exchange.status === undefined) return [];
    const route = servedRouteOf(exchange.method, exchange.url, version, baseUrl);
    return route ? [{ route, status: exchange.status }] : [];
  });
  const reachable = new Set(answered.filter(({ status }) => status >= 200 && status < 300).map(({ route }) => route.findingId));
  const absent = answered.find(({ route, status }) => routeAbsent.has(status) && !reachable.has(route.findingId) && route.findingId !== ownId);
  if (!absent) return undefined;
  const { route, status } = absent;
  return { ...route, status, reason: `not checked: ${route.endpoint} is not served (${status}; finding ${route.findingId})` };
}
