/**
 * Refresh-token rotation (spec §4.1, §5.8, §8): every refresh issues a
 * completely new pair, the new access token works, the old refresh token is
 * dead, and (RFC 9700 §4.14.2) reusing it revokes the family it came from.
 * The checks share one token family of their own, never the suite's
 * session, and run in order (vitest runs a file's tests in order).
 */
import { beforeAll, describe, expect } from 'vitest';
import { noAnswerOf, stoppedNote } from '../../src/errors.ts';
import { skipNoAnswer } from '../../src/check/no-answer.ts';
import { fingerprint } from '../../src/auth/fingerprint.ts';
import { processTokenResponse, refreshTokenGrantRequest, type TokenSet } from '../../src/auth/token-endpoint.ts';
import type { HttpResponse } from '../../src/http/client.ts';
import { recordObservation } from '../../src/check/annotate.ts';
import { check, forEachTarget, inTarget, skipBecauseOf } from '../../src/check/check.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../src/run-targets/context.ts';
import { callProbe, freshTokens, labels, oauthRefusal } from './_auth.ts';
import { targetBreak } from '../../src/check/failure.ts';
import { expectTokenRefusal } from './_token-refusal.ts';
import { departure } from './_departure.ts';

const story = 'POST {auth_url}/api/v1.1/token grant_type=refresh_token';

interface Rotation {
  readonly context: SuiteContext;
  readonly original: TokenSet;
  readonly response: HttpResponse;
  readonly rotated: TokenSet;
}


type NoAnswer = NonNullable<ReturnType<typeof noAnswerOf>>;

function rethrow(error: unknown): never {
  throw error;
}

function refresh(context: SuiteContext, refreshToken: string): Promise<HttpResponse> {
  return refreshTokenGrantRequest(context.http, context.tokenEndpoint, {
    refreshToken,
    clientId: context.target.client.clientId,
    clientSecret: context.target.client.clientSecret,
  });
}

/**
 * What the refresh kept that spec §5.8 says it replaces, if anything: then the old refresh token is the family's
 * current one, and the checks of its refusal have nothing to check.
 */
function notRotated({ original, rotated }: Rotation): string | undefined {
  if (rotated.refreshToken === undefined) return 'issued no new refresh token';
  return fingerprint(rotated.refreshToken) === fingerprint(original.refreshToken) ? 'gave back the same refresh token' : undefined;
}

// One token family, used up in order: the rotation, the old token refused, then its reuse revoking the family
// (RFC 9700 §4.14.2). These checks depend on each other and never run concurrently.
describe.sequential('the refresh-token chain, in order', () => forEachTarget(() => {
  let rotation: Rotation | NoAnswer | string = 'the rotation setup did not run';

  beforeAll(inTarget(async () => {
    const context = await suiteContext();
    const user = context.target.fullUser;
    if (!user) {
      rotation = 'needs LOGIN_USERNAME / LOGIN_PASSWORD: rotation is checked on a token family of its own, never on the stored chain';
      return;
    }
    try {
      const { tokens: original } = await freshTokens(context, user);
      if (!original.refreshToken) {
        rotation = 'the token response carried no refresh_token (spec §2 lists it); see auth.token-response-schema';
        return;
      }
      const response = await refresh(context, original.refreshToken);
      rotation = { context, original, response, rotated: processTokenResponse(response, { secrets: context.http.secrets }) };
    } catch (error) {
      // Cut off by RUN_TIMEOUT_S or a signal: the chain's checks are not run, and say so (a failed hook would leave them no reason).
      const stopped = stoppedNote(error);
      if (stopped !== undefined) {
        rotation = stopped;
        return;
      }
      // No answer from the CAS: the chain's checks are not checked, as any check the target gave no answer to.
      rotation = noAnswerOf(error) ?? rethrow(error);
    }
  }));

  check(
    {
      id: 'auth.refresh-new-pair',
      title: 'a refresh issues a completely new pair of tokens',
      labels: labels('refresh', story, '§4.1, §5.8'),
      killedBy: ['refresh-not-rotated'],
    },
    async (test) => {
      if (typeof rotation === 'string') return skipWithReason(test, rotation);
      if (!('context' in rotation)) return skipNoAnswer(test, rotation.code, rotation.message);
      const { original, rotated, response } = rotation;
      expect(response.status, 'status of the refresh at the token endpoint').toBe(200);
      const kept = notRotated(rotation);
      if (kept !== undefined) {
        throw targetBreak(
          departure(
            `${kept} on a refresh`,
            'spec §5.8 ("a completely new pair of tokens is issued and the old refresh token expires")',
            'a refresh token that is never replaced stays valid for as long as it lives, a leaked one with it; ask the vendor to turn on refresh-token rotation for this client',
          ),
        );
      }
      if (fingerprint(rotated.accessToken) === fingerprint(original.accessToken)) {
        throw targetBreak(
          departure(
            'gave back the same access token on a refresh',
            'spec §5.8 ("a completely new pair of tokens is issued")',
            'the "refreshed" token expires when the old one does, so an integration that refreshes before expiry still gets 403; ask the vendor',
          ),
        );
      }
    },
  );

  check(
    {
      id: 'auth.refresh-new-access-works',
      title: 'the access token of a refresh is accepted by the module APIs',
      labels: labels('refresh', story, '§5.8'),
      killedBy: ['new-token-rejected-after-refresh'],
    },
    async (test) => {
      if (typeof rotation === 'string') return skipWithReason(test, rotation);
      if (!('context' in rotation)) return skipNoAnswer(test, rotation.code, rotation.message);
      const { context, rotated } = rotation;
      expect((await callProbe(context, `Bearer ${rotated.accessToken}`)).status).toBe(200);
    },
  );

  check(
    {
      id: 'auth.refresh-old-rejected',
      title: 'the old refresh token is refused once it was rotated',
      labels: labels('refresh', story, '§4.1, §5.8, §8'),
      killedBy: ['refresh-token-reusable'],
      // Not rotated: the "old" token is still the family's current one; auth.refresh-new-pair holds that finding.
      observedBy: ['refresh-not-rotated'],
    },
    async (test) => {
      if (typeof rotation === 'string') return skipWithReason(test, rotation);
      if (!('context' in rotation)) return skipNoAnswer(test, rotation.code, rotation.message);
      const kept = notRotated(rotation);
      if (kept !== undefined) return skipBecauseOf(test, 'auth.refresh-new-pair', `${kept} on a refresh, so there is no replaced refresh token to refuse`);
      const { context, original } = rotation;
      const reuse = oauthRefusal(await refresh(context, original.refreshToken ?? ''));
      if (reuse.issuedToken) {
        throw targetBreak(
          departure(
            'issued tokens for a refresh token that a refresh had already replaced',
            'spec §5.8 and §8 ("the old refresh token expires", "single use")',
            'a leaked or copied refresh token stays usable after the rotation, and an integration that keeps using an old one by mistake works here but fails on an instance that keeps the spec',
          ),
        );
      }
      expectTokenRefusal(reuse, 'a refresh token used again after it was rotated', 'a rotated refresh token is single use (spec §4.1, §8)');
      // RFC 6749 §5.2: a refresh token that is no longer valid is invalid_grant.
      expect(reuse.error, `the refusal of a spent refresh token (RFC 6749 §5.2); the target answered ${reuse.status}`).toBe('invalid_grant');
    },
  );

  check(
    {
      id: 'auth.refresh-family-revoked',
      title: 'after a rotated refresh token was reused, the newest token of its family is refused too',
      labels: labels('refresh', story, '§5.8; RFC 9700 §4.14.2'),
      killedBy: ['refresh-family-not-revoked'],
      // Not rotated: there is no replaced token whose reuse could revoke anything (auth.refresh-new-pair's finding); a
      // replaced token that still works was never detected as reused (auth.refresh-old-rejected's).
      observedBy: ['refresh-not-rotated', 'refresh-token-reusable'],
    },
    async (test) => {
      if (typeof rotation === 'string') return skipWithReason(test, rotation);
      if (!('context' in rotation)) return skipNoAnswer(test, rotation.code, rotation.message);
      const kept = notRotated(rotation);
      if (kept !== undefined) return skipBecauseOf(test, 'auth.refresh-new-pair', `${kept} on a refresh, so there is no replaced refresh token whose reuse could revoke its family`);
      const { context, original, rotated } = rotation;
      // Runs after auth.refresh-old-rejected; reuse again in case that check ran alone.
      const reuse = oauthRefusal(await refresh(context, original.refreshToken ?? ''));
      if (reuse.issuedToken) return skipBecauseOf(test, 'auth.refresh-old-rejected', 'the replaced refresh token still issued tokens, so its reuse was not detected as one');
      const after = oauthRefusal(await refresh(context, rotated.refreshToken ?? ''));
      await recordObservation(
        'refresh after reuse',
        after.issuedToken
          ? 'the family stayed alive: the newest refresh token still issued a pair after the old one was reused'
          : `the family was revoked: the newest refresh token was refused (${after.status} ${after.error ?? ''})`,
      );
      if (after.issuedToken) {
        throw targetBreak(
          departure(
            'kept a refresh-token family alive after one of its replaced refresh tokens was used again',
            'RFC 9700 §4.14.2 (with refresh-token rotation, the reuse of a replaced refresh token revokes the active one)',
            'a stolen refresh token and the integration\'s own chain both stay valid, so the theft is never noticed',
          ),
        );
      }
      expectTokenRefusal(after, 'the newest refresh token of a family whose rotated token was reused', 'reuse of a rotated refresh token revokes its family (RFC 9700 §4.14.2)');
    },
  );
}));
