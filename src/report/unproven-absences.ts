/**
 * A 404 proves an endpoint gone only where the target serves the others: a
 * BASE_URL that is not the platform's root (`https://host/api` for
 * `https://host`) gets 404 everywhere, and would pass every check that
 * expects an endpoint removed (spec §4.4) or not served yet (§4.2–§4.7 on
 * 7.4). On a target that served none of three or more module endpoints the
 * spec lists as served, such passes are not checked, saying why, and the
 * summary says to check BASE_URL.
 */
import { moduleIdPrefix } from '../catalog/modules.ts';
import { catalogModules, lifecycleAspects } from '../catalog/types.ts';
import type { CheckResult, RunResults } from '../runner/results.ts';

const moduleAreas = new Set<string>(catalogModules.map(moduleIdPrefix));
const absenceAspects = [lifecycleAspects.gone, lifecycleAspects.absentBefore8].map((aspect) => `.${aspect}`);

/** The fewest served checks whose failing all together points at the address rather than at the endpoints. */
const FEWEST_SERVED = 3;

/** How many module endpoints the spec lists as served failed on `project` when not one answered; undefined otherwise. */
export function servedNothing(project: string, checks: readonly CheckResult[]): number | undefined {
  const served = checks.filter((check) => check.project === project && check.id.endsWith(`.${lifecycleAspects.served}`) && moduleAreas.has(check.id.split('.')[0] ?? ''));
  if (served.some((check) => check.state === 'passed')) return undefined;
  const failed = served.filter((check) => check.state === 'failed').length;
  return failed >= FEWEST_SERVED ? failed : undefined;
}

export function withUnprovenAbsences(results: RunResults): RunResults {
  const blind = new Map([...new Set(results.checks.map((check) => check.project))].flatMap((project) => {
    const failed = servedNothing(project, results.checks);
    return failed === undefined ? [] : [[project, failed] as const];
  }));
  if (blind.size === 0) return results;
  const checks = results.checks.map((check): CheckResult => {
    const failed = blind.get(check.project);
    if (failed === undefined || check.state !== 'passed' || !absenceAspects.some((aspect) => check.id.endsWith(aspect))) return check;
    return { ...check, state: 'skipped', note: `not checked: ${check.project} served none of the ${failed} module endpoints the spec lists as served, so its 404 here proves nothing (check that BASE_URL is the platform's root)` };
  });
  return { ...results, checks };
}
