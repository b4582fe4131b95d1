/**
 * The token endpoint's negative cases say what the endpoint did: a token
 * response, shaped as the vendor's examples show one (a Bearer pair that
 * lasts an hour), to a request that leaves out a required form field fails
 * with a sentence naming the request and the rule, never `expected true to be false`.
 */
import { getStatusFromError } from 'allure-js-commons/sdk';
import { describe, expect, it } from 'vitest';
import { oauthRefusal } from '../../../suites/auth/_auth.ts';
import { expectTokenRefusal, tokenRefusalProblem } from '../../../suites/auth/_token-refusal.ts';
import { httpResponse } from '../../support/http-response.ts';

const issued = { access_token: 'at-value', refresh_token: 'rt-value', token_type: 'Bearer', expires_in: 3600, scope: 'openid' };
const request = 'a code exchange without redirect_uri';
const rule = 'RFC 6749 §4.1.3 and spec §4.1 require it';

describe('a token request that must be refused', () => {
  it('answered with tokens: the failure says tokens were issued, for which request, and the rule', () => {
    const refusal = oauthRefusal(httpResponse(200, issued));
    expect(tokenRefusalProblem(refusal, request, rule)).toBe(
      'the token endpoint issued tokens (HTTP 200) for a code exchange without redirect_uri; RFC 6749 §4.1.3 and spec §4.1 require it',
    );
    let thrown: unknown;
    try {
      expectTokenRefusal(refusal, request, rule);
    } catch (error) {
      thrown = error;
    }
    // The target's break: Failed in Allure, and no token value in the message.
    expect(thrown instanceof Error && getStatusFromError(thrown)).toBe('failed');
    expect(thrown instanceof Error ? thrown.message : '').not.toMatch(/at-value|rt-value/);
  });

  it('answered 2xx without tokens: says that a refusal is an error status', () => {
    expect(tokenRefusalProblem(oauthRefusal(httpResponse(200, {})), request, rule)).toMatch(/^the token endpoint answered HTTP 200 without tokens for a code exchange without redirect_uri; a refusal is an error status \(RFC 6749 §5\.2\)/);
  });

  it('refused with an OAuth error: no problem', () => {
    for (const [status, error] of [[400, 'invalid_request'], [401, 'invalid_client'], [400, 'invalid_grant']] as const) {
      expect(tokenRefusalProblem(oauthRefusal(httpResponse(status, { error })), request, rule)).toBeUndefined();
    }
    expect(tokenRefusalProblem(oauthRefusal(httpResponse(400, 'Bad Request')), request, rule)).toBeUndefined();
  });
});
