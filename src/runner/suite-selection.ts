/**
 * `verify --suites auth,modules`: which suite folders a run covers. The
 * names are the folders under `suites/` (a test keeps them in step), so a
 * user can check one concern alone, e.g. the OAuth flows of a new CAS.
 */
import { maySelectArea } from '../check/check-selection.ts';
import { UpgradeGuardError } from '../errors.ts';
import { didYouMean } from '../config/did-you-mean.ts';
import { catalogModules } from '../catalog/types.ts';
import { moduleIdPrefix } from '../catalog/modules.ts';

export const suiteNames = ['auth', 'modules', 'contracts', 'conformance'] as const;
export type SuiteName = (typeof suiteNames)[number];

function isSuiteName(value: string): value is SuiteName {
  return (suiteNames as readonly string[]).includes(value);
}

/**
 * The suites named in a comma-separated list. An empty list is USAGE (a flag without its value); a name that names no
 * suite is CONFIG_INVALID, as for `--only` (docs/command-line.md).
 */
export function parseSuiteSelection(list: string): readonly SuiteName[] {
  const names = list.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new UpgradeGuardError('USAGE', `--suites needs one or more of ${suiteNames.join(', ')}`);
  for (const name of names) {
    if (!isSuiteName(name)) throw new UpgradeGuardError('CONFIG_INVALID', `--suites: no suite "${name}"${didYouMean(name, suiteNames)} (known: ${suiteNames.join(', ')})`);
  }
  return [...new Set(names.filter(isSuiteName))];
}

/** The suites of `selection` (all without one) that run: vendor conformance only with the vendor's documents. */
export function suitesThatRun(selection: readonly SuiteName[] | undefined, openapiDir: string | undefined): SuiteName[] {
  return (selection ?? suiteNames).filter((name) => name !== 'conformance' || openapiDir !== undefined);
}

/** vitest file filters for the selection: the suite's folder. */
export function suiteFilters(selection: readonly SuiteName[]): string[] {
  return selection.map((name) => `suites/${name}/`);
}

/**
 * The check areas each suite folder holds (ids `<area>.…`, src/check/check-id.ts): the contract suite's are its pact
 * interactions' and its broken verification's, the conformance suite's are `conformance.<module>.…`. The kill matrix
 * holds every clean run's checks to it.
 */
export const suiteAreas: Readonly<Record<SuiteName, readonly string[]>> = {
  auth: ['auth'],
  modules: catalogModules.map(moduleIdPrefix),
  contracts: ['contract'],
  conformance: ['conformance'],
};

/**
 * The check areas a suite file may hold: a module's folder under `suites/modules/` its module's, any other file its
 * suite's (`suiteAreas`). The kill matrix holds every clean run's checks to it.
 */
export function fileAreas(file: string): readonly string[] {
  const [, suite, module] = /(?:^|\/)suites\/([^/]+)\/(?:([^/]+)\/)?/.exec(file) ?? [];
  if (suite === undefined || !isSuiteName(suite)) return [];
  const areas = suiteAreas[suite];
  return suite === 'modules' && module !== undefined && areas.includes(module) ? [module] : areas;
}

/** Whether a suite file may hold a check of the `--only` selection (every file without one). */
export function fileMayHoldSelected(file: string, checkSelection: readonly string[] | undefined): boolean {
  return fileAreas(file).some((area) => maySelectArea(checkSelection, area));
}

/**
 * The suites a run covers: the named ones, or all, less those of which `--only` (`only`, as the user wrote it) can
 * select no check. Such a suite would load and log in for nothing, and the contract suite's provider verification
 * would send the target every contract's requests, for checks the run never reports. CONFIG_INVALID before anything
 * runs when no named suite can hold a selected check: a typo never turns into a green run.
 */
export function suitesOfSelection(named: readonly SuiteName[] | undefined, checkSelection: readonly string[] | undefined, only?: string): readonly SuiteName[] | undefined {
  const mayHold = (name: SuiteName): boolean => suiteAreas[name].some((area) => maySelectArea(checkSelection, area));
  if (named && !named.some(mayHold)) {
    const areas = named.flatMap((name) => suiteAreas[name]).map((area) => `${area}.…`);
    throw new UpgradeGuardError('CONFIG_INVALID', `--only "${only ?? checkSelection?.join(',')}" can select no check of --suites ${named.join(',')}, whose checks are ${areas.join(', ')}`);
  }
  if (checkSelection === undefined) return named;
  return (named ?? suiteNames).filter(mayHold);
}
