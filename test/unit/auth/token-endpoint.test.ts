import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  exchangeCode,
  isBearerTokenType,
  processTokenResponse,
  refreshTokens,
  TokenEndpointError,
  tokenEndpoint,
  tokenRequest,
} from '../../../src/auth/token-endpoint.ts';
import { SecretRegistry } from '../../../src/http/redact.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { httpResponse } from '../../support/http-response.ts';
import { formOf, headerOf, mockHttp, type MockHttp } from '../../support/mock-http.ts';

const CAS = 'https://cas.example';
const ENDPOINT = tokenEndpoint(versionProfiles['8.0'], `${CAS}/`);
const SECRET = 'client-secret-5e3f';
const NOW = 1_700_000_000_000;

const success = { access_token: 'access-aaaa-1111', refresh_token: 'refresh-rrrr-1111', token_type: 'Bearer', expires_in: 3600, scope: 'openid' };

describe('tokenEndpoint (spec §4.1)', () => {
  it('is {auth_url}/api/v1.1/token for both versions', () => {
    expect(tokenEndpoint(versionProfiles['7.4'], 'https://cas.example/cas/')).toBe('https://cas.example/cas/api/v1.1/token');
    expect(ENDPOINT).toBe('https://cas.example/api/v1.1/token');
  });
});

describe('processTokenResponse (RFC 6749 §5.1, spec §2)', () => {
  for (const tokenType of ['Bearer', 'bearer', 'BEARER']) {
    it(`reads a success with token_type "${tokenType}"`, () => {
      const tokens = processTokenResponse(httpResponse(200, { ...success, token_type: tokenType }), { secrets: new SecretRegistry(), now: NOW });
      expect(tokens).toEqual({
        accessToken: 'access-aaaa-1111',
        refreshToken: 'refresh-rrrr-1111',
        tokenType,
        expiresIn: 3600,
        scope: 'openid',
        obtainedAt: NOW,
        expiresAt: NOW + 3_600_000,
      });
    });
  }

  it('tolerates extra members (id_token) and registers every token for redaction', () => {
    const secrets = new SecretRegistry();
    processTokenResponse(httpResponse(200, { ...success, id_token: 'id-token-iiii-1111', vendor_extra: { a: 1 } }), { secrets, now: NOW });
    expect(secrets.scrub('access-aaaa-1111 refresh-rrrr-1111 id-token-iiii-1111')).toBe('[REDACTED] [REDACTED] [REDACTED]');
  });

  for (const vector of [
    { name: 'expires_in missing', body: { access_token: 'access-aaaa-1111', token_type: 'bearer' }, expiresIn: undefined, refreshToken: undefined },
    { name: 'expires_in as a digit string', body: { ...success, expires_in: '60' }, expiresIn: 60, refreshToken: 'refresh-rrrr-1111' },
    { name: 'expires_in not a number', body: { ...success, expires_in: 'soon' }, expiresIn: undefined, refreshToken: 'refresh-rrrr-1111' },
  ]) {
    it(`is lenient where the schema check reports: ${vector.name}`, () => {
      const tokens = processTokenResponse(httpResponse(200, vector.body), { secrets: new SecretRegistry(), now: NOW });
      expect(tokens.expiresIn).toBe(vector.expiresIn);
      expect(tokens.expiresAt).toBe(vector.expiresIn === undefined ? undefined : NOW + vector.expiresIn * 1000);
      expect(tokens.refreshToken).toBe(vector.refreshToken);
    });
  }

  for (const vector of [
    { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token already used' }, oauthError: 'invalid_grant' },
    { status: 401, body: { error: 'invalid_client' }, oauthError: 'invalid_client' },
    { status: 403, body: { error: 'invalid_client' }, oauthError: 'invalid_client' },
    { status: 400, body: { error: 'unsupported_grant_type' }, oauthError: 'unsupported_grant_type' },
    { status: 200, body: { error: 'invalid_request' }, oauthError: 'invalid_request' },
    { status: 403, body: '<html>Forbidden</html>', oauthError: undefined },
    { status: 500, body: { message: 'boom' }, oauthError: undefined },
  ]) {
    it(`refuses HTTP ${vector.status} ${JSON.stringify(vector.body)} with TOKEN_REFUSED carrying the OAuth code`, () => {
      let caught: unknown;
      try {
        processTokenResponse(httpResponse(vector.status, vector.body), { secrets: new SecretRegistry() });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(TokenEndpointError);
      expect(caught).toMatchObject({ code: 'TOKEN_REFUSED', status: vector.status, oauthError: vector.oauthError });
      expect((caught as Error).message).toContain(`HTTP ${vector.status}`);
    });
  }

  for (const status of [502, 503, 504]) {
    it(`reports a gateway's HTTP ${status} page as TARGET_UNREACHABLE, not a refusal`, () => {
      expect(() => processTokenResponse(httpResponse(status, '<html><body>Bad Gateway</body></html>', { contentType: 'text/html' }), { secrets: new SecretRegistry() })).toThrow(
        expect.objectContaining({ code: 'TARGET_UNREACHABLE' }),
      );
    });
  }

  it('still reads a 503 with an OAuth error body as a refusal', () => {
    expect(() => processTokenResponse(httpResponse(503, { error: 'temporarily_unavailable' }), { secrets: new SecretRegistry() })).toThrow(
      expect.objectContaining({ code: 'TOKEN_REFUSED', oauthError: 'temporarily_unavailable' }),
    );
  });

  it('keeps the error description, scrubbed of known secrets', () => {
    const secrets = new SecretRegistry();
    secrets.add('refresh-rrrr-1111');
    const refusal = () => processTokenResponse(httpResponse(400, { error: 'invalid_grant', error_description: 'token refresh-rrrr-1111 is spent' }), { secrets });
    expect(refusal).toThrow(expect.objectContaining({ errorDescription: 'token [REDACTED] is spent', message: expect.not.stringContaining('refresh-rrrr-1111') }));
  });

  for (const vector of [
    { name: 'a body that is not JSON', body: 'Service Unavailable', says: 'not a JSON object' },
    { name: 'a JSON array', body: '[1,2]', says: 'not a JSON object' },
    { name: 'no access_token', body: { token_type: 'Bearer' }, says: 'without an access_token' },
    { name: 'an empty access_token', body: { ...success, access_token: '' }, says: 'without an access_token' },
    { name: 'token_type mac (requireBearer)', body: { ...success, token_type: 'mac' }, says: 'token_type "mac", not bearer' },
    { name: 'no token_type (requireBearer)', body: { access_token: 'access-aaaa-1111' }, says: 'token_type null, not bearer' },
  ]) {
    it(`reports a 200 with ${vector.name} as TARGET_MALFORMED`, () => {
      expect(() => processTokenResponse(httpResponse(200, vector.body), { secrets: new SecretRegistry(), requireBearer: true })).toThrow(
        expect.objectContaining({ code: 'TARGET_MALFORMED', message: expect.stringContaining(vector.says) }),
      );
    });
  }

  it('reads a non-bearer token_type by default: the token-type check reports it, other checks still get a token', () => {
    const tokens = processTokenResponse(httpResponse(200, { ...success, token_type: 'mac' }), { secrets: new SecretRegistry() });
    expect(tokens.tokenType).toBe('mac');
    expect(processTokenResponse(httpResponse(200, { access_token: 'access-aaaa-1111' }), { secrets: new SecretRegistry() }).tokenType).toBeUndefined();
  });

  for (const vector of [
    { tokenType: 'Bearer', expected: true },
    { tokenType: 'bearer', expected: true },
    { tokenType: 'bEaReR', expected: true },
    { tokenType: 'mac', expected: false },
    { tokenType: 'Bearer ', expected: false },
    { tokenType: undefined, expected: false },
  ]) {
    it(`isBearerTokenType(${JSON.stringify(vector.tokenType)}) → ${vector.expected}`, () => {
      expect(isBearerTokenType(vector.tokenType)).toBe(vector.expected);
    });
  }

  it('never puts a token in the message of a malformed response', () => {
    const secrets = new SecretRegistry();
    const read = () => processTokenResponse(httpResponse(200, { access_token: 'access-aaaa-1111', refresh_token: 'refresh-rrrr-1111', token_type: 'mac' }), { secrets, requireBearer: true });
    expect(read).toThrow(expect.objectContaining({ message: expect.not.stringMatching(/access-aaaa|refresh-rrrr/) }));
  });
});

describe('the grant requests (RFC 6749 §4.1.3, §6; spec §4.1)', () => {
  let http: MockHttp;
  beforeEach(() => {
    http = mockHttp();
  });
  afterEach(async () => {
    await http.close();
  });

  it('exchangeCode posts the authorization_code grant form-encoded with client_secret_post', async () => {
    http.agent
      .get(CAS)
      .intercept({ path: '/api/v1.1/token', method: 'POST' })
      .reply((request) => {
        expect(headerOf(request.headers, 'content-type')).toBe('application/x-www-form-urlencoded');
        expect(formOf(request.body)).toEqual({
          grant_type: 'authorization_code',
          code: 'code-cccc-1111',
          redirect_uri: 'https://app.example/callback',
          client_id: 'app-1',
          client_secret: SECRET,
        });
        return { statusCode: 200, data: JSON.stringify({ ...success, id_token: 'id-token-iiii-1111' }), responseOptions: { headers: { 'content-type': 'application/json' } } };
      });
    const tokens = await exchangeCode(http.client, ENDPOINT, { code: 'code-cccc-1111', clientId: 'app-1', clientSecret: SECRET, redirectUri: 'https://app.example/callback' });
    expect(tokens).toMatchObject({ accessToken: 'access-aaaa-1111', refreshToken: 'refresh-rrrr-1111', tokenType: 'Bearer', expiresIn: 3600 });
  });

  it('refreshTokens posts the refresh_token grant and returns the new pair', async () => {
    http.agent
      .get(CAS)
      .intercept({ path: '/api/v1.1/token', method: 'POST' })
      .reply((request) => {
        expect(formOf(request.body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-rrrr-1111', client_id: 'app-1', client_secret: SECRET });
        return { statusCode: 200, data: JSON.stringify({ ...success, access_token: 'access-aaaa-2222', refresh_token: 'refresh-rrrr-2222' }), responseOptions: { headers: { 'content-type': 'application/json' } } };
      });
    const tokens = await refreshTokens(http.client, ENDPOINT, { refreshToken: 'refresh-rrrr-1111', clientId: 'app-1', clientSecret: SECRET });
    expect(tokens).toMatchObject({ accessToken: 'access-aaaa-2222', refreshToken: 'refresh-rrrr-2222' });
  });

  it('refreshTokens throws TOKEN_REFUSED with invalid_grant for a spent refresh token', async () => {
    http.agent.get(CAS).intercept({ path: '/api/v1.1/token', method: 'POST' }).reply(400, JSON.stringify({ error: 'invalid_grant' }), { headers: { 'content-type': 'application/json' } });
    await expect(refreshTokens(http.client, ENDPOINT, { refreshToken: 'refresh-rrrr-1111', clientId: 'app-1', clientSecret: SECRET })).rejects.toMatchObject({
      code: 'TOKEN_REFUSED',
      oauthError: 'invalid_grant',
      status: 400,
    });
  });

  it('tokenRequest returns the raw response of a negative test (unsupported grant type)', async () => {
    http.agent
      .get(CAS)
      .intercept({ path: '/api/v1.1/token', method: 'POST', body: (body) => formOf(body).grant_type === 'password' })
      .reply(400, JSON.stringify({ error: 'unsupported_grant_type' }), { headers: { 'content-type': 'application/json' } });
    const response = await tokenRequest(http.client, ENDPOINT, { grant_type: 'password', username: 'alice', password: 'alice-pass-123', client_id: 'app-1', client_secret: SECRET });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ error: 'unsupported_grant_type' });
  });

  it('keeps client secret, code and tokens out of the exchange log', async () => {
    http.agent
      .get(CAS)
      .intercept({ path: '/api/v1.1/token', method: 'POST' })
      .reply(200, JSON.stringify({ ...success, id_token: 'id-token-iiii-1111' }), { headers: { 'content-type': 'application/json' } });
    await exchangeCode(http.client, ENDPOINT, { code: 'code-cccc-1111', clientId: 'app-1', clientSecret: SECRET, redirectUri: 'https://app.example/callback' });
    const log = JSON.stringify(http.client.log.drain());
    for (const secret of [SECRET, 'code-cccc-1111', 'access-aaaa-1111', 'refresh-rrrr-1111', 'id-token-iiii-1111']) expect(log).not.toContain(secret);
    expect(log).toContain('app-1');
  });
});
