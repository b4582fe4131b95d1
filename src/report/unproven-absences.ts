/**
 * A 404 proves an endpoint gone only where the target serves the others: a
 * BASE_URL that is not the platform's root (`https://host/api` for
 * `https://host`) gets 404 everywhere, and would pass every check that
 * expects an endpoint removed (spec §4.4) or not served yet (§4.2–§4.7 on
 * 7.4). A target on which three or more module endpoints the spec lists as
 * served answered 404 or 405, and none answered, gets a hint to check
 * BASE_URL; where those span two modules or more (one module could be
 * missing on its own), the passes that rest on a 404 are not checked, saying
 * why.
 */
import { lifecycleAspects } from '../catalog/types.ts';
import type { CheckResult, RunResults } from '../runner/results.ts';
import { suiteAreas } from '../runner/suite-selection.ts';

const moduleAreas = new Set(suiteAreas.modules);
const absenceAspects = [lifecycleAspects.gone, lifecycleAspects.absentBefore8].map((aspect) => `.${aspect}`);
/** What a served check observed first: the status its endpoint answered (suites/modules/_lifecycle.ts). */
const routeAbsent = /^(404|405)\b/;

/** The fewest served endpoints whose absence all together points at the address rather than at the endpoints. */
const FEWEST_SERVED = 3;

export interface NothingServed {
  /** Served endpoints of the target's modules that answered 404 or 405. */
  readonly absent: number;
  /** The modules they are in. */
  readonly modules: number;
}

/** On `project`, the module endpoints the spec lists as served that answered 404/405 when not one answered; undefined otherwise. */
export function servedNothing(project: string, checks: readonly CheckResult[]): NothingServed | undefined {
  const served = checks.filter((check) => check.project === project && check.id.endsWith(`.${lifecycleAspects.served}`) && moduleAreas.has(check.id.split('.')[0] ?? ''));
  if (served.some((check) => check.state === 'passed')) return undefined;
  const absent = served.filter((check) => check.state === 'failed' && routeAbsent.test(check.observed ?? ''));
  if (absent.length < FEWEST_SERVED) return undefined;
  return { absent: absent.length, modules: new Set(absent.map((check) => check.id.split('.')[0])).size };
}

export function withUnprovenAbsences(results: RunResults): RunResults {
  const blind = new Map(
    [...new Set(results.checks.map((check) => check.project))].flatMap((project) => {
      const nothing = servedNothing(project, results.checks);
      return nothing && nothing.modules >= 2 ? [[project, nothing.absent] as const] : [];
    }),
  );
  if (blind.size === 0) return results;
  const checks = results.checks.map((check): CheckResult => {
    const absent = blind.get(check.project);
    if (absent === undefined || check.state !== 'passed' || !absenceAspects.some((aspect) => check.id.endsWith(aspect))) return check;
    return { ...check, state: 'skipped', note: `not checked: ${check.project} answered 404 or 405 for all ${absent} module endpoints the spec lists as served, so its 404 here proves nothing (check that BASE_URL is the platform's root)` };
  });
  return { ...results, checks };
}
