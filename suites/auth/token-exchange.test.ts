/**
 * The token endpoint (spec §2, §4.1, §5.5, §7): the response to a code
 * exchange has the documented shape, codes are single use and bound to the
 * redirect URI, the client must authenticate, and only the authorization
 * code grant (plus refresh) is supported (spec §5.9).
 * Each check logs in and exchanges a code of its own, so they run concurrently.
 */
import { isBearerTokenType, tokenRequest } from '../../src/auth/token-endpoint.ts';
import type { FaultDeclarations } from '../../src/catalog/faults.ts';
import { check } from '../../src/check/check.ts';
import { formatValidationErrors, validateBody } from '../../src/schemas/validator.ts';
import { observe } from '../../src/check/observe.ts';
import { describeEndpoints, endpointObservation } from '../../src/auth/endpoints.ts';
import { exchangeRequest, freshCode, freshTokens, fullUserOrSkip, labels, oauthRefusal } from './_auth.ts';
import { targetBreak } from '../../src/check/failure.ts';
import { expectTokenRefusal } from './_token-refusal.ts';
import { departure } from './_departure.ts';

const tokenStory = 'POST {auth_url}/api/v1.1/token';

check(
  {
    id: 'auth.token-response-schema',
    title: 'the code exchange answers 200 with a body that matches schemas/common/token-response',
    labels: labels('token exchange', tokenStory, '§2, §4.1'),
    concurrent: true,
    killedBy: ['token-type-not-bearer', 'expires-in-missing'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const { response } = await freshTokens(context, user);
    const token = describeEndpoints(context.profile, context.target).find((endpoint) => endpoint.kind === 'token');
    if (token) await observe(test, endpointObservation(token));
    test.expect(response.status, 'status of the code exchange at the token endpoint').toBe(200);
    const result = validateBody('common/token-response', response.json());
    test.expect(result.ok ? '' : formatValidationErrors(result.errors), 'schema violations').toBe('');
  },
);

check(
  {
    id: 'auth.token-type-bearer',
    title: 'token_type is bearer, compared case-insensitively (the vendor writes Bearer)',
    labels: labels('token exchange', tokenStory, '§2'),
    concurrent: true,
    killedBy: ['token-type-not-bearer'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const { tokens } = await freshTokens(context, user);
    test.expect(isBearerTokenType(tokens.tokenType), `token_type "${tokens.tokenType ?? '(absent)'}"`).toBe(true);
  },
);

check(
  {
    id: 'auth.code-reuse-refused',
    title: 'an authorization code is refused the second time',
    labels: labels('negative cases', tokenStory, '§4.1, §5.5'),
    concurrent: true,
    killedBy: ['code-reusable'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const code = await freshCode(context, user);
    const first = await exchangeRequest(context, code);
    test.expect(first.status, 'the first exchange').toBe(200);
    const second = oauthRefusal(await exchangeRequest(context, code));
    expectTokenRefusal(second, 'an authorization code exchanged a second time', 'a code is single use (RFC 6749 §4.1.2, spec §5.5)');
    test.expect(second.error, 'the OAuth error of the second exchange (RFC 6749 §5.2)').toBe('invalid_grant');
  },
);

check(
  {
    id: 'auth.redirect-mismatch-refused',
    title: 'a code exchanged with another redirect_uri is refused',
    labels: labels('negative cases', tokenStory, '§4.1, §7'),
    concurrent: true,
    killedBy: ['code-not-bound-to-redirect'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const code = await freshCode(context, user);
    const refusal = oauthRefusal(await exchangeRequest(context, code, { redirectUri: `${context.target.client.redirectUri}/other` }));
    expectTokenRefusal(refusal, 'a code exchange with another redirect_uri than the authorization request\'s', 'RFC 6749 §4.1.3 and spec §4.1, §7 require the same value');
    test.expect(['invalid_grant', 'invalid_request', 'invalid_client'], 'the OAuth error of the refusal (RFC 6749 §5.2)').toContain(refusal.error);
  },
);

check(
  {
    id: 'auth.wrong-secret-refused',
    title: 'a wrong client secret is refused',
    labels: labels('negative cases', tokenStory, '§4.1, §7'),
    concurrent: true,
    killedBy: ['wrong-secret-accepted'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const code = await freshCode(context, user);
    const refusal = oauthRefusal(await exchangeRequest(context, code, { clientSecret: `${context.target.client.clientSecret}-wrong` }));
    expectTokenRefusal(refusal, 'a code exchange with a wrong client secret', 'the client must authenticate (RFC 6749 §3.2.1, spec §4.1)');
    // Spec §7: "403 possible"; OAuth servers say 401 invalid_client or 400. A refusal is a refusal.
    test.expect([400, 401, 403], 'status of the refusal').toContain(refusal.status);
  },
);

check(
  {
    id: 'auth.token-missing-param.redirect_uri',
    title: 'a code exchange without redirect_uri is refused (all form fields are required)',
    labels: labels('negative cases', tokenStory, '§4.1'),
    concurrent: true,
    killedBy: ['token-redirect-uri-optional'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const code = await freshCode(context, user);
    const refusal = oauthRefusal(
      await tokenRequest(context.http, context.tokenEndpoint, {
        grant_type: 'authorization_code',
        code,
        client_id: context.target.client.clientId,
        client_secret: context.target.client.clientSecret,
      }),
    );
    expectTokenRefusal(refusal, 'a code exchange without redirect_uri', 'RFC 6749 §4.1.3 and spec §4.1 require it');
  },
);

check(
  {
    id: 'auth.wrong-secret-invalid-client',
    title: 'a wrong client secret is refused with the OAuth error invalid_client',
    labels: labels('negative cases', tokenStory, '§7; RFC 6749 §5.2'),
    concurrent: true,
    killedBy: ['wrong-secret-unauthorized-client', 'wrong-secret-accepted'],
  },
  async (test) => {
    const { context, user } = await fullUserOrSkip(test);
    const code = await freshCode(context, user);
    const refusal = oauthRefusal(await exchangeRequest(context, code, { clientSecret: `${context.target.client.clientSecret}-wrong` }));
    await observe(test, refusal.issuedToken ? `tokens issued (${refusal.status})` : `${refusal.status} ${refusal.error ?? '(no error code)'}`);
    test.expect(refusal.issuedToken, 'a wrong client secret issued tokens (spec §7, see auth.wrong-secret-refused)').toBe(false);
    // Spec §7 "Invalid client"; RFC 6749 §5.2: a failed client authentication is invalid_client, whatever the status.
    test
      .expect(
        refusal.error,
        departure(
          `answers a wrong client secret with ${refusal.status} error=${refusal.error ?? '(none)'}`,
          'spec §7 ("invalid client") and RFC 6749 §5.2 (invalid_client: "client authentication failed")',
          'an integration that recognises a wrong or revoked secret by invalid_client (to stop and ask for a new registration, spec §5.2) will take it for another failure and retry instead',
        ),
      )
      .toBe('invalid_client');
  },
);

/** The grants the platform does not support, and the fault that accepts each. */
const unsupportedGrants = [
  { grantType: 'client_credentials', killedBy: ['client-credentials-accepted'] },
  { grantType: 'password', killedBy: ['password-grant-accepted'] },
] as const satisfies readonly (FaultDeclarations & { readonly grantType: string })[];

for (const { grantType, killedBy } of unsupportedGrants) {
  check(
    {
      id: `auth.unsupported-grant.${grantType}`,
      title: `the ${grantType} grant is refused (only authorization code and refresh are supported)`,
      labels: labels('negative cases', tokenStory, '§1, §5.9'),
      concurrent: true,
      killedBy,
    },
    async (test) => {
      const { context, user } = await fullUserOrSkip(test);
      const refusal = oauthRefusal(
        await tokenRequest(context.http, context.tokenEndpoint, {
          grant_type: grantType,
          client_id: context.target.client.clientId,
          client_secret: context.target.client.clientSecret,
          ...(grantType === 'password' && { username: user.username, password: user.password }),
        }),
      );
      await observe(test, refusal.issuedToken ? `tokens issued (${refusal.status})` : `refused: ${refusal.status} ${refusal.error ?? '(no error code)'}`);
      if (refusal.issuedToken) {
        throw targetBreak(
          departure(
            `issued tokens for grant_type=${grantType}`,
            'spec §1 and §5.9 ("only the grant type Authorization Code (with refresh) is supported")',
            `the ${grantType} grant works on this instance although the spec does not promise it: an integration built on it depends on this instance's configuration, and one that expects a refusal (to fall back to the user's login) gets tokens without a user`,
          ),
        );
      }
      expectTokenRefusal(refusal, `a token request with grant_type=${grantType}`, 'the platform supports only the authorization code grant and refresh (spec §1, §5.9)');
      test.expect(['unsupported_grant_type', 'unauthorized_client', 'invalid_grant', 'invalid_request'], 'the OAuth error of the refusal (RFC 6749 §5.2)').toContain(refusal.error);
    },
  );
}
