/**
 * An expired access token gets 403 on the module APIs, always (spec §5.7,
 * §7). How to get an expired token from any target:
 * 1. when `expires_in` is at most EXPIRY_MAX_WAIT_S, wait it out;
 * 2. else use an expired token recorded by an earlier run (the token store
 *    keeps the access token a refresh replaced);
 * 3. else skip, with the reason in the report.
 * The embedded platform offers a second instance with one-second tokens for
 * step 1 (see TargetInfo.shortLived).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { check } from '../../src/report/check.ts';
import { recordObservation } from '../../src/report/annotate.ts';
import { skipWithReason } from '../../src/report/skip.ts';
import { suiteContext, type SuiteContext } from '../../src/target/context.ts';
import { loginForTokens } from '../../src/target/sessions.ts';
import type { IssuedToken } from '../../src/target/target-info.ts';
import { callProbe, labels, protectedProbePath } from './_auth.ts';

interface ExpiredToken {
  readonly token: string;
  readonly baseUrl: string;
  readonly how: string;
}

check(
  {
    id: 'auth.expired-token-403',
    title: 'an expired access token is answered with 403',
    labels: labels('expiry', `GET ${protectedProbePath}`, '§5.7, §7'),
    killedBy: ['expired-token-accepted', 'expired-token-401'],
  },
  async (test) => {
    const context = await suiteContext();
    const expired = await waitedOutToken(context) ?? recordedToken(context);
    if (typeof expired === 'string') return skipWithReason(test, expired);
    await recordObservation('how the expired token was obtained', expired.how);
    const response = await callProbe(context, `Bearer ${expired.token}`, expired.baseUrl);
    expect(response.status, 'spec §5.7: "the API answers with HTTP status 403"').toBe(403);
  },
);

/** Strategy 1: a token whose lifetime fits the wait budget, waited out (the embedded one was issued during setup). */
async function waitedOutToken(context: SuiteContext): Promise<ExpiredToken | undefined> {
  const { target, http } = context;
  const instance = target.shortLived ?? (target.fullUser && { baseUrl: target.baseUrl, authUrl: target.authUrl, client: target.client, user: target.fullUser });
  if (!instance) return undefined;
  const issued: IssuedToken | undefined =
    (target.shortLived?.issued) ??
    (await loginForTokens(http, target.version, instance, instance.user, target.loginFields).then(({ tokens }) =>
      ({ accessToken: tokens.accessToken, expiresIn: tokens.expiresIn, obtainedAt: tokens.obtainedAt }),
    ));
  if (!issued) return undefined;
  // Without expires_in (see auth.token-response-schema) the lifetime is unknown: wait the whole budget, then try.
  const lifetime = issued.expiresIn ?? target.expiryMaxWaitSeconds;
  if (lifetime > target.expiryMaxWaitSeconds) return undefined;
  await sleep(Math.max(0, issued.obtainedAt + lifetime * 1000 + 250 - Date.now()));
  const how = issued.expiresIn === undefined ? `no expires_in; waited EXPIRY_MAX_WAIT_S=${lifetime}s` : `waited out expires_in=${lifetime}s`;
  return { token: issued.accessToken, baseUrl: instance.baseUrl, how };
}

/** Strategy 2, or the skip reason of strategy 3. */
function recordedToken(context: SuiteContext): ExpiredToken | string {
  const token = context.tokens.expiredAccessToken();
  if (token) return { token, baseUrl: context.target.baseUrl, how: 'an access token recorded by an earlier run, now expired' };
  return `access tokens live longer than EXPIRY_MAX_WAIT_S=${context.target.expiryMaxWaitSeconds}s and no earlier run recorded an expired one yet (one is kept at every refresh; the next run will have it)`;
}
