/**
 * What the auth suites share: fresh logins (each negative case needs its own
 * code), a protected endpoint to call, and the check labels of the flows.
 * Shared helpers of suites start with `_` (STYLE.md).
 */
import type { TestContext } from 'vitest';
import { authorizationUrl, type AuthorizationUrlOptions } from '../../src/auth/authorization-request.ts';
import type { LoginResult } from '../../src/auth/login-driver.ts';
import { driveLogin } from '../../src/run-targets/login.ts';
import { generateState } from '../../src/auth/state.ts';
import { authorizationCodeGrantRequest, processTokenResponse, type AuthorizationCodeGrantParams, type TokenSet } from '../../src/auth/token-endpoint.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import type { CheckLabels } from '../../src/check/annotate.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../src/run-targets/context.ts';
import type { UserCredentials } from '../../src/config/config.ts';

/** A read-only GET that exists in both versions behind a bearer token: the job module's my-active dashboard (spec §4.2). */
export const protectedProbePath = '/dse/rest/v1.0/dashboards/my-active';

export function labels(feature: string, story: string, spec: string): CheckLabels {
  return { module: 'auth', feature, story, spec };
}

export async function fullUserOrSkip(test: TestContext): Promise<{ context: SuiteContext; user: UserCredentials }> {
  const context = await suiteContext();
  const user = context.target.fullUser;
  if (!user) return skipWithReason(test, 'needs LOGIN_USERNAME / LOGIN_PASSWORD for a login of its own; the run started from a stored refresh token');
  return { context, user };
}

export interface AuthorizeOptions {
  readonly state?: string;
  readonly extraParams?: AuthorizationUrlOptions['extraParams'];
  readonly omitParams?: AuthorizationUrlOptions['omitParams'];
  readonly redirectUri?: string;
}

/** Drives the version's authorization request through the login challenge to the redirect, with the run's login driver (LOGIN_DRIVER). */
export function authorize(context: SuiteContext, user: UserCredentials, options: AuthorizeOptions = {}): Promise<LoginResult> {
  const { target, profile, http } = context;
  const redirectUri = options.redirectUri ?? target.client.redirectUri;
  return driveLogin(http, target, {
    authorizationUrl: authorizationUrl(profile, {
      authUrl: target.authUrl,
      ...(target.authEndpoints && { authEndpoints: target.authEndpoints }),
      clientId: target.client.clientId,
      redirectUri,
      state: options.state ?? generateState(),
      ...(options.extraParams && { extraParams: options.extraParams }),
      ...(options.omitParams && { omitParams: options.omitParams }),
    }),
    redirectUri,
    username: user.username,
    password: user.password,
    fields: target.loginFields,
  });
}

/** A fresh authorization code, or a failure naming what the CAS did instead. */
export async function freshCode(context: SuiteContext, user: UserCredentials): Promise<string> {
  const result = await authorize(context, user);
  if (result.kind !== 'code') throw new Error(`the CAS answered the authorization request with error=${result.error}`);
  return result.code;
}

/** The code exchange as the registered app sends it, with any field replaced (negative cases). */
export function exchangeRequest(context: SuiteContext, code: string, overrides: Partial<AuthorizationCodeGrantParams> = {}): Promise<HttpResponse> {
  return authorizationCodeGrantRequest(context.http, context.tokenEndpoint, {
    code,
    clientId: context.target.client.clientId,
    clientSecret: context.target.client.clientSecret,
    redirectUri: context.target.client.redirectUri,
    ...overrides,
  });
}

/** Exchanges a fresh code; returns the raw response and the read token set. */
export async function freshTokens(context: SuiteContext, user: UserCredentials): Promise<{ response: HttpResponse; tokens: TokenSet }> {
  const response = await exchangeRequest(context, await freshCode(context, user));
  return { response, tokens: processTokenResponse(response, { secrets: context.http.secrets }) };
}

/** The protected probe called with an exact Authorization header value (or none). */
export function callProbe(context: SuiteContext, authorization: string | undefined, baseUrl = context.target.baseUrl): Promise<HttpResponse> {
  return context.http.request({
    method: 'GET',
    url: `${baseUrl}${protectedProbePath}`,
    // EXTRA_HEADERS ride along, as on every module request; the Authorization header is the check's own.
    headers: { ...context.target.extraHeaders, ...(authorization !== undefined && { authorization }) },
  });
}

/**
 * A refusal at the token endpoint: a 4xx with an OAuth error body (RFC 6749
 * §5.2). The exact status varies by system (DESIGN.md "Facts about the real
 * CAS"), so the OAuth `error` code is what is compared, where one is given.
 */
export function oauthRefusal(response: HttpResponse): { readonly status: number; readonly error: string | undefined; readonly issuedToken: boolean } {
  let error: string | undefined;
  let issuedToken = false;
  try {
    const body = response.json();
    if (body && typeof body === 'object') {
      if ('error' in body && typeof body.error === 'string') error = body.error;
      issuedToken = 'access_token' in body;
    }
  } catch {
    // A refusal without a JSON body is still a refusal; the status says so.
  }
  return { status: response.status, error, issuedToken };
}
