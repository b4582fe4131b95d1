/**
 * A misspelt variable must never turn into a green run: `BASEURL=` would be
 * ignored, the embedded simulator would become the target, and the user
 * would believe their staging passed. Every name in an env file is ours
 * (or a FIXTURE_*), so any other is refused; in the process environment,
 * which is shared with everything else, only names close to one of ours or
 * carrying our prefix are refused. Each refusal names the closest known one.
 */
import { closest, distance } from 'fastest-levenshtein';
import { UpgradeGuardError } from '../errors.ts';
import { fixturePrefix } from '../catalog/fixtures.ts';
import { configVariables } from './variables.ts';

const ownPrefix = 'UPGRADE_GUARD';

export function refuseUnknownVariables(fileValues: Readonly<Record<string, string>>, fileName: string, environment: Readonly<Record<string, string | undefined>>): void {
  for (const name of Object.keys(fileValues)) {
    if (!isKnown(name)) throw unknownVariable(name, `in ${fileName}`);
  }
  for (const name of Object.keys(environment)) {
    if (!isKnown(name) && looksMeantForUs(name)) throw unknownVariable(name, 'in the environment');
  }
}

function isKnown(name: string): boolean {
  return (configVariables as readonly string[]).includes(name) || (name.startsWith(fixturePrefix) && name.length > fixturePrefix.length);
}

/** Our prefix, or an upper-case name one or two edits away from one of ours (two only for long names). */
function looksMeantForUs(name: string): boolean {
  if (name.startsWith(ownPrefix)) return true;
  if (name !== name.toUpperCase() || name.length < 6) return false;
  const nearest = closest(name, configVariables);
  const edits = distance(name, nearest);
  return squashed(name) === squashed(nearest) || edits <= (name.length >= 10 ? 2 : 1);
}

function squashed(name: string): string {
  return name.replaceAll('_', '').toUpperCase();
}

function unknownVariable(name: string, where: string): UpgradeGuardError {
  // UPGRADE_GUARD_BASE_URL is compared as BASE_URL: the prefix is ours, the rest says which variable was meant.
  const meant = name.toUpperCase().replace(new RegExp(`^${ownPrefix}_?`), '') || name.toUpperCase();
  const nearest = closest(meant, configVariables);
  const close = squashed(meant) === squashed(nearest) || distance(meant, nearest) <= Math.max(2, Math.floor(nearest.length / 3));
  const hint = close ? `; did you mean ${nearest}?` : '';
  return new UpgradeGuardError('CONFIG_INVALID', `${name} (${where}) is not a known variable${hint} (see .env.example)`);
}
