/**
 * AUTH_DISCOVERY=true: the CAS's endpoints read from its issuer metadata, as
 * the vendor's 8.0 identity service publishes it per realm (DESIGN.md "Facts
 * about a real 8.0 instance"). First `{issuer}/.well-known/openid-configuration`
 * (OpenID Connect Discovery 1.0 §4), else the RFC 8414 §3 address, where the
 * well-known segment goes between the host and the issuer's path.
 *
 * The document is trusted only as far as the standards let it be: its
 * `issuer` must be AUTH_URL (Discovery §4.3, RFC 8414 §3.3: else an attacker's
 * metadata could stand in), and both endpoints must be https (RFC 8414 §2,
 * RFC 6749 §3.1, §3.2), except on loopback, where nothing leaves the machine.
 */
import type { DiscoveredEndpoints } from '../config/config.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { HttpClient, HttpResponse } from '../http/client.ts';

/** The metadata addresses of an issuer, in the order they are tried. */
export function metadataUrls(issuer: string): readonly string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  return [`${url.origin}${path}/.well-known/openid-configuration`, `${url.origin}/.well-known/oauth-authorization-server${path}`];
}

export async function discoverEndpoints(client: HttpClient, authUrl: string): Promise<DiscoveredEndpoints> {
  const tried: string[] = [];
  for (const metadataUrl of metadataUrls(authUrl)) {
    const response = await client.request({ method: 'GET', url: metadataUrl, headers: { accept: 'application/json' } });
    if (response.status !== 200) {
      tried.push(`${metadataUrl} answered ${response.status}`);
      continue;
    }
    return { ...readMetadata(response, authUrl, metadataUrl), metadataUrl };
  }
  throw new UpgradeGuardError(
    'CONFIG_INVALID',
    `AUTH_DISCOVERY=true but AUTH_URL publishes no issuer metadata (${tried.join('; ')}); set AUTHORIZATION_ENDPOINT and TOKEN_ENDPOINT instead, or AUTH_URL to the issuer (for the 8.0 identity service, the realm: https://{domain}/access/realms/{tenant})`,
  );
}

/** `authorization_endpoint` and `token_endpoint` of an issuer metadata document, validated (RFC 8414 §2, §3.2, §3.3). */
export function readMetadata(response: HttpResponse, authUrl: string, metadataUrl: string): Omit<DiscoveredEndpoints, 'metadataUrl'> {
  let body: unknown;
  try {
    body = response.json();
  } catch (error) {
    if (isUpgradeGuardError(error)) throw new UpgradeGuardError('TARGET_MALFORMED', `the issuer metadata at ${metadataUrl} is not JSON (RFC 8414 §3.2)`);
    throw error;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UpgradeGuardError('TARGET_MALFORMED', `the issuer metadata at ${metadataUrl} is not a JSON object (RFC 8414 §3.2)`);
  const member = (name: string): string => {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value !== 'string' || !URL.canParse(value)) throw new UpgradeGuardError('TARGET_MALFORMED', `the issuer metadata at ${metadataUrl} has no URL in ${name} (RFC 8414 §2)`);
    return value;
  };
  const issuer = member('issuer');
  if (issuer.replace(/\/+$/, '') !== authUrl.replace(/\/+$/, '')) {
    throw new UpgradeGuardError('CONFIG_INVALID', `the issuer metadata at ${metadataUrl} names the issuer ${issuer}, not AUTH_URL ${authUrl} (RFC 8414 §3.3, OpenID Connect Discovery 1.0 §4.3); set AUTH_URL to the issuer`);
  }
  const endpoints = { authorization: member('authorization_endpoint'), token: member('token_endpoint') };
  for (const [name, url] of [['authorization_endpoint', endpoints.authorization], ['token_endpoint', endpoints.token]] as const) {
    if (!isHttpsOrLoopback(new URL(url))) {
      throw new UpgradeGuardError('CONFIG_INVALID', `the issuer metadata at ${metadataUrl} gives ${name} ${url}, which is not https (RFC 8414 §2, RFC 6749 §3.1); AUTH_DISCOVERY accepts plain http on loopback only`);
    }
  }
  return endpoints;
}

function isHttpsOrLoopback(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
