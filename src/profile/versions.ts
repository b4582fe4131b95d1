/**
 * Everything that differs by platform version, looked up here and nowhere
 * else (DESIGN.md "Version profile"). Suites never branch on the version
 * string; they read the profile.
 */
export const platformVersions = ['7.4', '8.0'] as const;
export type PlatformVersion = (typeof platformVersions)[number];

export interface VersionProfile {
  readonly version: PlatformVersion;
  /** Path of the authorization endpoint below {auth_url} (spec §4.1, §9.1). */
  readonly authorizationPath: string;
  /** Fixed query parameters the version requires besides the common ones (spec §9.1: `scope` versus `response_mode`). */
  readonly authorizationParams: Readonly<Record<string, string>>;
  /** Parameters the other version requires and this one does not name. */
  readonly foreignAuthorizationParams: readonly string[];
  /** Token endpoint path below {auth_url}, the same for both versions (spec §4.1). */
  readonly tokenPath: string;
  /** How users are identified in module bodies (spec §9.3). */
  readonly userIdentifier: 'numeric' | 'uuid';
  /** Whether a scope error can be provoked at authorization: only the 7.4 flow takes `scope` (spec §4.1, §7). */
  readonly supportsScopeParameter: boolean;
  /**
   * Whether every my-active item carries an `assignment`: the spec gives the structure
   * in 8.0 (§2 "Dashboard item, my-active list", §4.2 "changed"); a 7.4 item need not have one.
   */
  readonly myActiveAssignment: 'required' | 'optional';
}

export const versionProfiles: Readonly<Record<PlatformVersion, VersionProfile>> = Object.freeze({
  '7.4': Object.freeze({
    version: '7.4',
    authorizationPath: '/api/v1.1/authorization',
    authorizationParams: Object.freeze({ response_type: 'code', scope: 'openid' }),
    foreignAuthorizationParams: ['response_mode'],
    tokenPath: '/api/v1.1/token',
    userIdentifier: 'numeric',
    supportsScopeParameter: true,
    myActiveAssignment: 'optional',
  }),
  '8.0': Object.freeze({
    version: '8.0',
    authorizationPath: '/oauth2/auth',
    authorizationParams: Object.freeze({ response_type: 'code', response_mode: 'query' }),
    foreignAuthorizationParams: ['scope'],
    tokenPath: '/api/v1.1/token',
    userIdentifier: 'uuid',
    supportsScopeParameter: false,
    myActiveAssignment: 'required',
  }),
});

export function isPlatformVersion(value: string): value is PlatformVersion {
  return (platformVersions as readonly string[]).includes(value);
}
