/**
 * The instance's CAS endpoints (src/auth/endpoints.ts, src/auth/discovery.ts,
 * src/run-targets/remote.ts): the spec's paths by default, a given endpoint
 * instead, the issuer metadata validated as RFC 8414 §3.3 and §2 ask.
 */
import { describe, expect, it } from 'vitest';
import { describeEndpoints, endpointUrl } from '../../../src/auth/endpoints.ts';
import { metadataUrls, readMetadata } from '../../../src/auth/discovery.ts';
import { authorizationUrl } from '../../../src/auth/authorization-request.ts';
import { tokenEndpoint } from '../../../src/auth/token-endpoint.ts';
import { loadConfig } from '../../../src/config/config.ts';
import { endpointOverrides } from '../../../src/run-targets/remote.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { SecretRegistry, redactHeaders } from '../../../src/http/redact.ts';
import { httpResponse } from '../../support/http-response.ts';

const profile = versionProfiles['8.0'];
const realm = 'https://id.example.com/access/realms/acme';
const remote = { TARGET_VERSION: '8.0', BASE_URL: 'https://platform.example.com', AUTH_URL: realm, CLIENT_ID: 'app', CLIENT_SECRET: 's3cret-value', REDIRECT_URI: 'https://app.example.com/cb' };

describe('the endpoints a run uses', () => {
  it("are the spec's paths below AUTH_URL when none is given", () => {
    expect(endpointUrl(profile, { authUrl: realm }, 'authorization')).toBe(`${realm}/oauth2/auth`);
    expect(tokenEndpoint(profile, realm)).toBe(`${realm}/api/v1.1/token`);
    expect(describeEndpoints(profile, { authUrl: realm }).every((description) => description.isSpec)).toBe(true);
  });

  it('are the given ones, with the version parameters of the spec, and said to be not the spec\'s', () => {
    const config = loadConfig({ env: { ...remote, AUTHORIZATION_ENDPOINT: `${realm}/protocol/openid-connect/auth`, TOKEN_ENDPOINT: `${realm}/protocol/openid-connect/token` } });
    if (!config.remote) throw new Error('no remote target');
    const cas = { authUrl: realm, authEndpoints: endpointOverrides(config.remote) };
    const url = authorizationUrl(profile, { ...cas, clientId: 'app', redirectUri: 'https://app.example.com/cb', state: 'Xy7-q2Zt' });
    expect(`${url.origin}${url.pathname}`).toBe(`${realm}/protocol/openid-connect/auth`);
    expect(url.searchParams.get('response_mode')).toBe('query');
    expect(tokenEndpoint(profile, cas)).toBe(`${realm}/protocol/openid-connect/token`);
    expect(describeEndpoints(profile, cas).map((description) => [description.isSpec, description.from])).toEqual([
      [false, 'AUTHORIZATION_ENDPOINT'],
      [false, 'TOKEN_ENDPOINT'],
    ]);
  });

  it('take a given endpoint over a discovered one, and refuse a discovery the preflight did not run', () => {
    const target = loadConfig({ env: { ...remote, AUTH_DISCOVERY: 'true', TOKEN_ENDPOINT: `${realm}/own-token` } }).remote;
    if (!target) throw new Error('no remote target');
    expect(() => endpointOverrides(target)).toThrowError(expect.objectContaining({ code: 'INTERNAL' }));
    const discovered = { authorization: `${realm}/protocol/openid-connect/auth`, token: `${realm}/protocol/openid-connect/token`, metadataUrl: `${realm}/.well-known/openid-configuration` };
    expect(endpointOverrides({ ...target, discovered })).toEqual({
      authorization: { url: discovered.authorization, from: `the issuer metadata at ${discovered.metadataUrl}` },
      token: { url: `${realm}/own-token`, from: 'TOKEN_ENDPOINT' },
    });
  });
});

describe('the issuer metadata (AUTH_DISCOVERY=true)', () => {
  const metadata = { issuer: realm, authorization_endpoint: `${realm}/protocol/openid-connect/auth`, token_endpoint: `${realm}/protocol/openid-connect/token` };
  const read = (body: unknown, authUrl = realm) => readMetadata(httpResponse(200, body), authUrl, `${realm}/.well-known/openid-configuration`);

  it('is looked for at the OpenID Connect address, then at the RFC 8414 one', () => {
    expect(metadataUrls(realm)).toEqual([`${realm}/.well-known/openid-configuration`, 'https://id.example.com/.well-known/oauth-authorization-server/access/realms/acme']);
  });

  it('gives both endpoints', () => {
    expect(read(metadata)).toEqual({ authorization: metadata.authorization_endpoint, token: metadata.token_endpoint });
  });

  const refusals: Array<{ name: string; body: unknown; code: string; says: string }> = [
    { name: 'an issuer that is not AUTH_URL', body: { ...metadata, issuer: 'https://id.example.com/access/realms/other' }, code: 'CONFIG_INVALID', says: 'RFC 8414 §3.3' },
    { name: 'an http endpoint off loopback', body: { ...metadata, token_endpoint: 'http://id.example.com/token' }, code: 'CONFIG_INVALID', says: 'not https' },
    { name: 'no token endpoint', body: { issuer: realm, authorization_endpoint: metadata.authorization_endpoint }, code: 'TARGET_MALFORMED', says: 'token_endpoint' },
    { name: 'not an object', body: [metadata], code: 'TARGET_MALFORMED', says: 'not a JSON object' },
  ];
  for (const refusal of refusals) {
    it(`is refused with one line: ${refusal.name}`, () => {
      expect(() => read(refusal.body)).toThrowError(expect.objectContaining({ code: refusal.code, message: expect.stringContaining(refusal.says) }));
    });
  }

  it('may name plain http endpoints on loopback', () => {
    const local = 'http://127.0.0.1:8080/access/realms/acme';
    expect(read({ issuer: local, authorization_endpoint: `${local}/auth`, token_endpoint: `${local}/token` }, local).token).toBe(`${local}/token`);
  });
});

describe('EXTRA_HEADERS', () => {
  it('are redacted by name in logged exchanges, and their values everywhere', () => {
    const secrets = new SecretRegistry();
    secrets.addHeader('X-User-Login', 'campaign.manager');
    expect(redactHeaders({ 'x-user-login': 'campaign.manager', accept: 'application/json' }, secrets)).toEqual({ 'x-user-login': '[REDACTED]', accept: 'application/json' });
    expect(secrets.scrub('user campaign.manager not found')).toBe('user [REDACTED] not found');
  });
});
