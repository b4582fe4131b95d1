/**
 * `verify --only <module|check-id glob>`: the subset of checks a run
 * registers. A term without a dot names an area (a module such as `job` or
 * `template-builder`, or `auth`, `contract`, `conformance`): a module term
 * also takes that module's contract and conformance checks. Any other term is
 * a glob over check ids (picomatch; `*` also crosses dots, ids have no `/`).
 * A term whose area is unknown is refused before anything runs, and a
 * selection that matched no check fails the run (src/cli/verify.ts): a typo
 * must never turn into a green run.
 */
import type Picomatch from 'picomatch';
import { UpgradeGuardError } from '../errors.ts';
import { catalogModules } from '../catalog/types.ts';
import { moduleIdPrefix } from '../catalog/modules.ts';
import { lazyDependency } from '../lazy-dependency.ts';
import { brokenVerificationScope } from './check-id.ts';
import { didYouMean } from '../config/did-you-mean.ts';

/** Loaded only when a run has `--only` (src/lazy-dependency.ts). */
const picomatch = lazyDependency<typeof Picomatch>('picomatch');

const moduleAreas: readonly string[] = catalogModules.map(moduleIdPrefix);
const otherAreas: readonly string[] = ['auth', 'contract', 'conformance'];
const knownAreas: readonly string[] = [...otherAreas, ...moduleAreas];

/** The globs a comma-separated `--only` value stands for; CONFIG_INVALID for an empty value or an unknown area. */
export function parseCheckSelection(value: string): readonly string[] {
  return selectionTerms(value).flatMap((term) => term.globs);
}

/** Each term of an `--only` value, as the user wrote it, with the globs it stands for. */
function selectionTerms(value: string): { readonly term: string; readonly globs: readonly string[] }[] {
  const terms = value.split(',').map((term) => term.trim()).filter((term) => term !== '');
  if (terms.length === 0) throw new UpgradeGuardError('CONFIG_INVALID', `--only needs a module (${moduleAreas.join(', ')}) or a check-id glob such as job.*`);
  return terms.map((term) => {
    const area = term.split('.')[0] ?? '';
    if (!picomatch().scan(area).isGlob && !knownAreas.includes(area)) {
      throw new UpgradeGuardError('CONFIG_INVALID', `--only "${term}": no check area "${area}"${didYouMean(area, knownAreas)} (known: ${knownAreas.join(', ')})`);
    }
    if (term.includes('.')) return { term, globs: [term] };
    if (moduleAreas.includes(term)) return { term, globs: [`${term}.*`, `contract.${term}.*`, `conformance.${term}.*`] };
    return { term, globs: [`${term}.*`] };
  });
}

/**
 * CONFIG_INVALID when a term of `--only` matched none of the checks a run registered (`where`: "of this run", "in the
 * merged runs"): a misspelt term beside a good one must not turn into a green run of the good one's checks. The
 * project's contracts differ between versions (`contractIds`: those of every version): beside a term that matched, one
 * that names contracts of another version only is no typo (the upgrade rehearsal runs each version apart).
 */
export function refuseUnmatchedTerms(value: string, checks: readonly { readonly id: string }[], where: string, contractIds: readonly string[] = []): void {
  const terms = selectionTerms(value);
  const unmatched = terms.filter(({ globs }) => {
    const matches = checkMatcher(globs);
    return !checks.some((check) => matches(check.id));
  });
  const ofAnotherVersion = ({ globs }: { readonly globs: readonly string[] }): boolean => {
    const matches = checkMatcher(globs);
    return contractIds.some((id) => matches(id));
  };
  // A verification that could not run left the contract checks a term selects unregistered; its check says why.
  const brokenScopes = checks.flatMap((check) => brokenVerificationScope(check.id) ?? []);
  const answered = unmatched.filter(({ globs }) => !brokenScopes.some((scope) => maySelectArea(globs, scope)));
  const refused = answered.length === terms.length ? answered : answered.filter((term) => !ofAnotherVersion(term));
  if (refused.length === 0) return;
  const which = refused.length === terms.length ? `--only "${value}"` : `--only "${value}": ${refused.map(({ term }) => `"${term}"`).join(', ')}`;
  throw new UpgradeGuardError('CONFIG_INVALID', `${which} matched no check ${where}`);
}


/**
 * Whether the selection may hold a check of `area` (ids `area.…`). A glob matches only ids that start with its literal
 * part, up to its first special character (a quote too: picomatch reads `"c"` as `c`): where that part and `area.`
 * disagree, no id of the area can match.
 */
export function maySelectArea(globs: readonly string[] | undefined, area: string): boolean {
  const prefix = `${area}.`;
  return globs === undefined || globs.some((glob) => {
    const literal = literalStart(glob);
    return literal.startsWith(prefix) || prefix.startsWith(literal);
  });
}

/** A glob's literal start, up to its first special character. */
function literalStart(glob: string): string {
  return glob.split(/[*?[\]{}()!+@\\"]/)[0] ?? '';
}

/** A predicate over check ids; every id is selected when `globs` is undefined. */
export function checkMatcher(globs: readonly string[] | undefined): (id: string) => boolean {
  if (globs === undefined) return () => true;
  return picomatch()([...globs], { dot: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** `verify --only`: the check-id globs of the run (parseCheckSelection); absent, every check runs. */
    checkSelection?: readonly string[];
  }
}
