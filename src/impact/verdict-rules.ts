/**
 * What each kind of change of the spec means for a call that hits it: one
 * declarative table, read by analyze.ts. A body finding (body-findings.ts)
 * or a numeric user id where 8.0 wants a UUID raises an `unchanged` or
 * `unknown` call to `review`; nothing lowers a verdict.
 */
import { moduleSections, type CatalogEntry, type ChangeKind } from '../catalog/index.ts';
import { versionProfiles } from '../profile/versions.ts';
import { impactVerdicts, type ImpactVerdict } from './types.ts';

interface Rule {
  readonly verdict: ImpactVerdict;
  readonly reason: (entry: CatalogEntry) => string;
}

export const changeRules: Readonly<Record<ChangeKind, Rule>> = {
  removed: { verdict: 'blocking', reason: (entry) => `removed in 8.0, no replacement (spec ${entry.specSection})${entry.notes ? `: ${entry.notes}` : ''}` },
  breaking: { verdict: 'blocking', reason: (entry) => `breaking change in 8.0 (spec ${entry.specSection}): ${entry.notes ?? 'the body changes type'}` },
  deprecated: { verdict: 'replace', reason: (entry) => `deprecated in 8.0 (spec ${entry.specSection}, §9.4: deprecated endpoints are to be replaced)` },
  changed: { verdict: 'review', reason: (entry) => `changed in 8.0 (spec ${entry.specSection})${entry.notes ? `: ${entry.notes}` : ''}` },
  added: { verdict: 'unchanged', reason: (entry) => `added in 8.0: served from 8.0 on, not on 7.4 (spec ${entry.specSection})` },
  documented: { verdict: 'unchanged', reason: (entry) => `only the vendor's documentation changed${entry.notes ? ` (${entry.notes})` : ''} (spec ${entry.specSection})` },
};

/** The details of a changed entry a team has to look at: new parameters and fields, a changed role. */
export function changeDetails(entry: CatalogEntry): string[] {
  const details: string[] = [];
  if (entry.alsoChanges?.includes('changed')) details.push(`also changed in 8.0 (spec ${entry.specSection})`);
  if (entry.newParameters?.length) details.push(`new query parameter${entry.newParameters.length > 1 ? 's' : ''} ${entry.newParameters.map((name) => `\`${name}\``).join(', ')} in 8.0 (spec ${entry.specSection})`);
  for (const side of ['request', 'response'] as const) {
    const fields = entry.newFields?.[side];
    if (fields?.length) details.push(`new ${side} field${fields.length > 1 ? 's' : ''} ${fields.map((name) => `\`${name}\``).join(', ')} (spec ${entry.specSection})`);
  }
  const before = entry.roles?.['7.4'];
  const after = entry.roles?.['8.0'];
  // A role change the entry's notes already state is said once.
  if (before && after && before.join() !== after.join() && !entry.notes?.includes(after.join(', '))) details.push(`required role changes from ${before.join(', ')} to ${after.join(', ')} (spec §5.12)`);
  return details;
}

/** The replacement to name for a deprecated entry (spec §9.4). */
export function replacementOf(entry: CatalogEntry): string {
  return entry.replacement ? `${entry.replacement.method} ${entry.replacement.path}` : 'none named by the spec: plan to move off it (spec §9.4)';
}

export const casRules = {
  /** Spec §4.1, §9.1: the 7.4 authorization endpoint gives way to `/oauth2/auth` in 8.0. */
  legacyAuthorization: {
    verdict: 'replace',
    replacement: `GET {auth_url}${versionProfiles['8.0'].authorizationPath} with response_mode=query instead of scope=openid`,
    reason: 'the 7.4 authorization flow; 8.0 and later use the /oauth2/auth flow (spec §4.1, §9.1)',
  },
  authorization: { verdict: 'unchanged', reason: 'the 8.0 authorization flow (spec §4.1)' },
  token: { verdict: 'unchanged', reason: 'the same token endpoint in both versions (spec §4.1)' },
} as const satisfies Record<string, { verdict: ImpactVerdict; reason: string; replacement?: string }>;

export function unknownReason(module: keyof typeof moduleSections | undefined): string {
  if (module === undefined) return 'not below any module prefix of the platform (spec §1) nor a CAS endpoint (spec §4.1)';
  return `not in the spec: ${moduleSections[module]} lists only the endpoints of the module that 8.0 adds, changes, removes or deprecates`;
}

/** The worse of two verdicts (impactVerdicts is ordered worst first). */
export function worse(a: ImpactVerdict, b: ImpactVerdict): ImpactVerdict {
  return impactVerdicts.indexOf(a) <= impactVerdicts.indexOf(b) ? a : b;
}

/** A finding asks for review: it raises `unchanged` and `unknown`, and leaves worse verdicts as they are. */
export function raisedToReview(verdict: ImpactVerdict): ImpactVerdict {
  return worse(verdict, 'review');
}
