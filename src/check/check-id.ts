/**
 * Check ids as a type, so a mistyped area does not compile: `<area>.<check>`,
 * the area being `auth`, `contract` or a module's id prefix. The lifecycle
 * checks' ids derive from the catalog's entry ids (LifecycleCheckId); they
 * tighten by themselves once the entry ids are a union of literals.
 */
import { catalogModules, type ModuleIdPrefix } from '../catalog/types.ts';
import type { LifecycleCheckId } from '../catalog/index.ts';
import { moduleIdPrefix } from '../catalog/modules.ts';

export type CheckArea = 'auth' | 'contract' | ModuleIdPrefix;

export type CheckId = `${CheckArea}.${string}` | LifecycleCheckId;

/** A check's id at the end of its test name (check.ts `checkName`: `title [id]`). */
export const checkIdPattern = /\[([a-z0-9][a-z0-9.\-_:]*)\]$/;

const checkAreas: readonly string[] = ['auth', 'contract', ...catalogModules.map(moduleIdPrefix)];

/** For ids read at run time (a pact's testname): whether the id names a check area. */
export function isCheckId(value: string): value is CheckId {
  return checkAreas.some((area) => value.startsWith(`${area}.`));
}

/**
 * The checks that stand for a provider verification that could not run (suites/contracts/contracts.test.ts): the whole
 * verification (`contract.run`), the project's contracts (`contract.platform.run`), the team's sources
 * (`contract.own.sources`) or one of them (`contract.own.source-N.run`). Under `verify --only` such a check stands for
 * the selected contract checks the broken verification kept from existing: it is registered whatever the selection,
 * and answers a term that could select them. Its scope is the id prefix of those checks (a team's are `contract.own.…`).
 */
export function brokenVerificationScope(id: string): 'contract' | 'contract.own' | undefined {
  if (/^contract\.(?:run|platform\.run)$/.test(id)) return 'contract';
  if (/^contract\.own\.(?:sources|source-\d+\.run)$/.test(id)) return 'contract.own';
  return undefined;
}
