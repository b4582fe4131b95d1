/**
 * Where the CAS of a target has its two endpoints. The spec places them below
 * {auth_url} (spec §4.1: the authorization path of the version, the token path
 * shared), and ends §4.1 with "The concrete endpoint URLs of an instance are
 * shown in the instance's administration area at app registration": so an
 * instance may put them elsewhere, given by AUTHORIZATION_ENDPOINT and
 * TOKEN_ENDPOINT (the metadata names of RFC 8414 §2) or read from the issuer's
 * metadata (AUTH_DISCOVERY=true, src/auth/discovery.ts).
 */
import type { VersionProfile } from '../profile/versions.ts';

/** One endpoint that is not the spec's path below AUTH_URL, and what said so. */
export interface EndpointOverride {
  readonly url: string;
  /** `AUTHORIZATION_ENDPOINT`, `TOKEN_ENDPOINT`, or `the issuer metadata at <url>`. */
  readonly from: string;
}

/** The target's own endpoints, where they are given; an absent one is the spec's path below AUTH_URL. */
export interface EndpointOverrides {
  readonly authorization?: EndpointOverride;
  readonly token?: EndpointOverride;
}

/** A CAS as the login and the token requests need it: its base address and any endpoint given apart. */
export interface CasAddress {
  readonly authUrl: string;
  readonly authEndpoints?: EndpointOverrides;
}

export type EndpointKind = 'authorization' | 'token';

/** The spec's URL of one endpoint for the version: `{auth_url}` + the profile's path (spec §4.1, §9.1). */
export function specEndpoint(profile: VersionProfile, authUrl: string, kind: EndpointKind): string {
  return `${authUrl.replace(/\/+$/, '')}${kind === 'authorization' ? profile.authorizationPath : profile.tokenPath}`;
}

/** The URL the run uses for one endpoint: the given one, else the spec's. */
export function endpointUrl(profile: VersionProfile, cas: CasAddress, kind: EndpointKind): string {
  return cas.authEndpoints?.[kind]?.url ?? specEndpoint(profile, cas.authUrl, kind);
}

/** Whether the run's endpoint is where the spec puts it (a given URL may still be the spec's). */
export function isSpecEndpoint(profile: VersionProfile, cas: CasAddress, kind: EndpointKind): boolean {
  return sameUrl(endpointUrl(profile, cas, kind), specEndpoint(profile, cas.authUrl, kind));
}

export interface EndpointDescription {
  readonly kind: EndpointKind;
  readonly url: string;
  readonly spec: string;
  readonly isSpec: boolean;
  /** Where the URL came from: the setting, the metadata, or the spec's path. */
  readonly from: string;
}

/** Both endpoints as the summary, the Allure environment and the migration report show them. */
export function describeEndpoints(profile: VersionProfile, cas: CasAddress): readonly EndpointDescription[] {
  return (['authorization', 'token'] as const).map((kind) => ({
    kind,
    url: endpointUrl(profile, cas, kind),
    spec: specEndpoint(profile, cas.authUrl, kind),
    isSpec: isSpecEndpoint(profile, cas, kind),
    from: cas.authEndpoints?.[kind]?.from ?? "the spec's path below AUTH_URL",
  }));
}

/** One line per endpoint: `authorization endpoint URL (the spec's | not the spec's …, from …)`. */
export function endpointSummary(description: EndpointDescription): string {
  const where = description.isSpec ? "the spec's" : `not the spec's ${description.spec}`;
  return `${description.kind} endpoint ${description.url} (${where}; from ${description.from})`;
}

/** What the auth section notes of an endpoint: where it was, and whether that is the spec's place. Never a failure. */
export function endpointObservation(description: EndpointDescription): string {
  if (description.isSpec) return `${description.kind} endpoint at the spec's ${description.url}`;
  return `${description.kind} endpoint at ${description.url}, not the spec's ${description.spec} (from ${description.from}; spec §4.1 lets an instance show its own)`;
}

/** Whether two addresses name the same place, a trailing slash aside. */
export function sameUrl(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) ? new URL(a).href.replace(/\/+$/, '') === new URL(b).href.replace(/\/+$/, '') : a === b;
}
