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
import { exchangeRequest, freshCode, freshTokens, fullUserOrSkip, labels, oauthRefusal } from './_auth.ts';

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
    test.expect(second).toMatchObject({ error: 'invalid_grant', issuedToken: false });
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
    test.expect(refusal.issuedToken).toBe(false);
    test.expect(refusal.status, 'status of the refusal').toBeGreaterThanOrEqual(400);
    test.expect(['invalid_grant', 'invalid_request', 'invalid_client']).toContain(refusal.error);
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
    test.expect(refusal.issuedToken).toBe(false);
    // Spec §7: "403 possible"; OAuth servers say 401 invalid_client or 400. A refusal is a refusal.
    test.expect([400, 401, 403]).toContain(refusal.status);
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
    test.expect(refusal.issuedToken).toBe(false);
    test.expect(refusal.status, 'status of the refusal').toBeGreaterThanOrEqual(400);
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
      test.expect(refusal.issuedToken).toBe(false);
      test.expect(['unsupported_grant_type', 'unauthorized_client', 'invalid_grant', 'invalid_request']).toContain(refusal.error);
    },
  );
}
