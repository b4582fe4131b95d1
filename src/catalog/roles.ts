/**
 * Security changes of spec §5.10–§5.13: the media module's new bearer scheme
 * and the role requirements the suites check. Endpoint entries carry the same
 * roles; a test keeps the two in step.
 */
import type { PlatformVersion } from '../profile/versions.ts';
import type { CatalogEntryId } from './index.ts';
import type { FaultDeclarations } from './faults.ts';
import type { CatalogModule, PerVersion } from './types.ts';

export const platformRoles = {
  authenticated: 'AUTHENTICATED',
  reviewManagerModuleAccess: 'REVIEW_MANAGER_MODULE_ACCESS',
  manageMpSearchConfiguration: 'PLATFORM_ORGANISATION_MANAGE_MP_SEARCH_CONFIGURATION',
} as const;

export type PlatformRole = (typeof platformRoles)[keyof typeof platformRoles];

export interface SecuritySchemeChange {
  readonly module: CatalogModule;
  readonly scheme: string;
  readonly type: 'http-bearer';
  /** Where the scheme appears in the module's API description. */
  readonly placement: 'root security array';
  readonly since: PlatformVersion;
  readonly specSection: '§5.10';
}

/** Spec §5.10: the media module adds `BearerAuth` to its root security array. */
export const securitySchemeChanges: readonly SecuritySchemeChange[] = [
  { module: 'media', scheme: 'BearerAuth', type: 'http-bearer', placement: 'root security array', since: '8.0', specSection: '§5.10' },
];

/** Which endpoints a requirement governs: named entries, or every entry of a module below a path prefix. */
export type RoleScope =
  | { readonly entryIds: readonly CatalogEntryId[] }
  | { readonly module: CatalogModule; readonly pathPrefix: string };

export interface RoleRequirement<Id extends string = RoleRequirementId> {
  readonly id: Id;
  readonly scope: RoleScope;
  /** Required roles per version; `undefined` where the spec names none (§5.13). */
  readonly roles: PerVersion<readonly PlatformRole[]> | undefined;
  readonly specSection: '§5.11' | '§5.12' | '§5.13';
  readonly notes?: string;
  /**
   * The faults that kill the role checks generated from the requirement
   * (`<entry>.role-required`, suites/modules/media/ai-tagging-roles.test.ts);
   * absent where the suites generate none from it.
   */
  readonly faults?: FaultDeclarations;
}

function defineRoleRequirements<const Id extends string>(requirements: readonly RoleRequirement<Id>[]): readonly RoleRequirement<Id>[] {
  return requirements;
}

export const roleRequirements = defineRoleRequirements([
  {
    id: 'media.ai-services',
    // The AI administration and AI tagging services all live below this prefix (spec §4.4).
    scope: { module: 'media', pathPrefix: '/rest/mp/v1.1/ai-tagging' },
    roles: { '8.0': [platformRoles.manageMpSearchConfiguration] },
    specSection: '§5.11',
    notes: 'the vendor documents the role as PIMEDIA_ORGANISATION_MANAGE_MP_SEARCH_CONFIGURATION; the spec rules',
    // Skipping the login challenge logs the limited user in as the full one, who has the role.
    faults: { killedBy: ['login-challenge-skipped', 'media-ai-tagging-role-not-enforced'], observedBy: ['media-ai-tagging-missing'] },
  },
  {
    id: 'review.general-info',
    scope: { entryIds: ['review.general-info'] },
    roles: { '7.4': [platformRoles.reviewManagerModuleAccess], '8.0': [platformRoles.authenticated] },
    specSection: '§5.12',
  },
  {
    id: 'job.participants',
    scope: { module: 'job', pathPrefix: '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants' },
    roles: undefined,
    specSection: '§5.13',
    notes: 'updated requirements stated only as "more granular roles and multiple authentication methods": nothing to assert',
  },
]);

export type RoleRequirementId = (typeof roleRequirements)[number]['id'];
