import type { SimVersion } from '../version.ts';

/** Everything of the CAS lives below this prefix: {auth_url} = {base_url}/cas. */
export const casPrefix = '/cas';

/**
 * The authorization endpoint moved between the versions (spec §4.1, §9.1):
 * up to 7.4 the legacy flow, from 8.0 on `/oauth2/auth`. Each version serves
 * only its own path.
 */
export const authorizationPaths = {
  '7.4': `${casPrefix}/api/v1.1/authorization`,
  '8.0': `${casPrefix}/oauth2/auth`,
} as const satisfies Readonly<Record<SimVersion, string>>;

/** The token endpoint is the same in both versions (spec §4.1). */
export const tokenPath = `${casPrefix}/api/v1.1/token`;

/** Where the login challenge and the consent screen post their forms. */
export const loginPath = `${casPrefix}/login`;
export const consentPath = `${casPrefix}/consent`;
