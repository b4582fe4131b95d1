import { describe, expect, it } from 'vitest';
import { authorizationUrl, isRedirectUri, parseAuthorizationRedirect } from '../../../src/auth/authorization-request.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';

const common = { authUrl: 'https://cas.example/cas/', clientId: 'app-1', redirectUri: 'https://app.example/callback', state: 'Ab3_-xYz' };

describe('authorizationUrl (spec §4.1, §9.1)', () => {
  it('7.4: /api/v1.1/authorization with scope=openid', () => {
    const url = authorizationUrl(versionProfiles['7.4'], common);
    expect(`${url.origin}${url.pathname}`).toBe('https://cas.example/cas/api/v1.1/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      redirect_uri: 'https://app.example/callback',
      response_type: 'code',
      scope: 'openid',
      state: 'Ab3_-xYz',
    });
  });

  it('8.0: /oauth2/auth with response_mode=query and no scope', () => {
    const url = authorizationUrl(versionProfiles['8.0'], common);
    expect(`${url.origin}${url.pathname}`).toBe('https://cas.example/cas/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      redirect_uri: 'https://app.example/callback',
      response_type: 'code',
      response_mode: 'query',
      state: 'Ab3_-xYz',
    });
  });

  it('adds, replaces and omits parameters for negative tests', () => {
    const url = authorizationUrl(versionProfiles['7.4'], { ...common, extraParams: { scope: 'admin', prompt: 'login' }, omitParams: ['state'] });
    expect(url.searchParams.get('scope')).toBe('admin');
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.has('state')).toBe(false);
  });
});

describe('isRedirectUri', () => {
  for (const vector of [
    { url: 'https://app.example/callback?code=x&state=y', expected: true },
    { url: 'https://app.example/callback', expected: true },
    { url: 'https://app.example/callback/', expected: false },
    { url: 'https://app.example/other?code=x', expected: false },
    { url: 'http://app.example/callback', expected: false },
    { url: 'https://app.example:8443/callback', expected: false },
    { url: 'not a url', expected: false },
  ]) {
    it(`${vector.url} → ${vector.expected}`, () => {
      expect(isRedirectUri(vector.url, 'https://app.example/callback')).toBe(vector.expected);
    });
  }
});

describe('parseAuthorizationRedirect (RFC 6749 §4.1.2, RFC 9207)', () => {
  const redirectUri = 'https://app.example/callback';

  it('reads code and state, and tolerates iss and vendor extras', () => {
    const result = parseAuthorizationRedirect(`${redirectUri}?code=c0de-123456&state=Ab3_-xYz&iss=https%3A%2F%2Fcas.example&session_state=zzz`, { redirectUri, expectedState: 'Ab3_-xYz' });
    expect(result).toMatchObject({ kind: 'code', code: 'c0de-123456', state: 'Ab3_-xYz', iss: 'https://cas.example' });
    expect(result.params.get('session_state')).toBe('zzz');
  });

  it('reads an OAuth error response', () => {
    const result = parseAuthorizationRedirect(`${redirectUri}?error=invalid_scope&error_description=scope+not+allowed&state=Ab3_-xYz`, { redirectUri, expectedState: 'Ab3_-xYz' });
    expect(result).toMatchObject({ kind: 'error', error: 'invalid_scope', errorDescription: 'scope not allowed', state: 'Ab3_-xYz' });
  });

  it('accepts an error response without state (the error is what the suite wants to see)', () => {
    expect(parseAuthorizationRedirect(`${redirectUri}?error=access_denied`, { redirectUri, expectedState: 'Ab3_-xYz' })).toMatchObject({ kind: 'error', state: undefined });
  });

  it('does not check state unless asked', () => {
    expect(parseAuthorizationRedirect(`${redirectUri}?code=c0de-123456&state=other`, { redirectUri })).toMatchObject({ kind: 'code', state: 'other' });
  });

  for (const vector of [
    { name: 'a state mismatch', location: `${redirectUri}?code=c0de-123456&state=other123`, says: 'carried state "other123"' },
    { name: 'a missing state', location: `${redirectUri}?code=c0de-123456`, says: 'carried no state' },
    { name: 'neither code nor error', location: `${redirectUri}?state=Ab3_-xYz`, says: 'neither code nor error' },
    { name: 'another address', location: 'https://evil.example/callback?code=c0de-123456&state=Ab3_-xYz', says: 'https://evil.example/callback, which is not REDIRECT_URI' },
  ]) {
    it(`refuses ${vector.name} with LOGIN_FAILED`, () => {
      const parse = () => parseAuthorizationRedirect(vector.location, { redirectUri, expectedState: 'Ab3_-xYz' });
      expect(parse).toThrow(expect.objectContaining({ code: 'LOGIN_FAILED', message: expect.stringContaining(vector.says) }));
      try {
        parse();
      } catch (error) {
        expect((error as Error).message).not.toContain('c0de-123456');
      }
    });
  }
});
