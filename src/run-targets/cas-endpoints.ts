/**
 * Which CAS endpoints a real target's run used, and whether they are the
 * spec's (spec §4.1): for the summary's first line and the Allure report's
 * environment widget. URLs only: nothing here is a secret.
 */
import { describeEndpoints, type EndpointDescription } from '../auth/endpoints.ts';
import type { RemoteTarget } from '../config/config.ts';
import { versionProfiles } from '../profile/versions.ts';
import { endpointOverrides } from './remote.ts';

function descriptions(remote: RemoteTarget): readonly EndpointDescription[] {
  return describeEndpoints(versionProfiles[remote.version], { authUrl: remote.authUrl, authEndpoints: endpointOverrides(remote) });
}

/** `CAS endpoints: the spec's paths below AUTH_URL`, or each endpoint that is not, with where it came from. */
export function casEndpointsLine(remote: RemoteTarget): string {
  const elsewhere = descriptions(remote).filter((description) => !description.isSpec);
  if (elsewhere.length === 0) return "CAS endpoints: the spec's paths below AUTH_URL";
  return `CAS endpoints not at the spec's paths: ${elsewhere.map((description) => `${description.kind} ${description.url} (from ${description.from})`).join(', ')}`;
}

/** `authorization_endpoint`, `token_endpoint` (RFC 8414 §2 names) and whether each is the spec's. */
export function casEndpointsEnvironment(remote: RemoteTarget): Record<string, string> {
  const out: Record<string, string> = {};
  for (const description of descriptions(remote)) {
    out[`${description.kind}_endpoint`] = description.url;
    out[`${description.kind}_endpoint_source`] = description.isSpec ? "the spec's path" : `not the spec's path; from ${description.from}`;
  }
  return out;
}
