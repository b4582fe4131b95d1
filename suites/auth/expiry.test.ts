/**
 * An expired access token gets 403 on the module APIs, always (spec §5.7,
 * §7). How to get an expired token from any target:
 * 1. when `expires_in` is at most EXPIRY_MAX_WAIT_S, wait it out;
 * 2. else use an expired token recorded by an earlier run (the token store
 *    keeps the access token a refresh replaced);
 * 3. else skip, with the reason in the report.
 * The embedded platform offers a second instance with one-second tokens for
 * step 1 (see TargetInfo.shortLived).
 *
 * Resource servers commonly allow some clock skew past `exp` (RFC 7519 §4.1.4
 * "some small leeway"), which the spec neither grants nor forbids. So the
 * check probes from the moment `expires_in` ran out until the token is
 * refused, for at most EXPIRY_LEEWAY_S, reports the lag it saw, and then
 * requires 403. A target without leeway ends the probe at its first call.
 * An acceptance past `expires_in` is never silent: the check carries it as
 * an observation ("accepted 3.2s past expires_in"), and a request sent once
 * the leeway has run out that is still accepted fails the check. Whether a
 * request was within the leeway is judged by when it was sent, not by when
 * its answer came: a slow answer is not the target's acceptance.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { check } from '../../src/check/check.ts';
import { targetBreak } from '../../src/check/failure.ts';
import { recordObservation } from '../../src/check/annotate.ts';
import { observe } from '../../src/check/observe.ts';
import { skipWithReason } from '../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../src/run-targets/context.ts';
import { loginForTokens } from '../../src/run-targets/sessions.ts';
import type { IssuedToken } from '../../src/run-targets/target-info.ts';
import { callProbe, labels, protectedProbePath } from './_auth.ts';
import { bearerChallenge, departure } from './_departure.ts';

/** Time between two probes while the target still accepts the token: the precision of the reported lag. */
const PROBE_INTERVAL_MS = 500;

interface ExpiredToken {
  readonly token: string;
  readonly baseUrl: string;
  readonly how: string;
  /** Epoch ms from which the token is expired by its `expires_in` (client-side clock). */
  readonly expiredAt: number;
}

interface ProbeOutcome {
  /** Status of the last answer: the first refusal, or an acceptance at the end of the leeway. */
  readonly status: number;
  readonly refused: boolean;
  /** Ms from the expiry to the request that got that answer. */
  readonly lagMs: number;
  /** Ms from the expiry to the last request that was accepted, if any was. */
  readonly acceptedLagMs: number | undefined;
  /** The RFC 6750 §3 challenge of the refusal, when it carried one. */
  readonly challenge: string | undefined;
  readonly calls: number;
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
    const leeway = context.target.expiryLeewaySeconds;
    const probe = await probeUntilRefused(context, expired, leeway * 1000);
    const lag = `${seconds(probe.lagMs)} after expires_in`;
    const accepted = probe.acceptedLagMs === undefined ? undefined : `accepted ${seconds(probe.acceptedLagMs)} past expires_in`;
    await observe(
      test,
      probe.refused
        ? `refused with ${probe.status} ${lag} (${probe.calls} call${probe.calls === 1 ? '' : 's'})${probe.challenge ? `, WWW-Authenticate: ${probe.challenge}` : ''}${accepted ? `; ${accepted}, within EXPIRY_LEEWAY_S=${leeway}s` : ''}`
        : `still accepted (${probe.status}) ${lag}`,
    );
    // Clock-skew leeway (RFC 7519 §4.1.4) is allowed, never silent: the report shows it on the check.
    if (accepted) await recordObservation('expired token accepted', `${accepted} (EXPIRY_LEEWAY_S=${leeway}s; spec §5.7 asks for 403 once the token has expired)`);
    if (!probe.refused) {
      throw targetBreak(
        departure(
          `still accepted an access token (${probe.status}) ${lag}, past EXPIRY_LEEWAY_S=${leeway}s`,
          'spec §5.7 ("the API answers with HTTP status 403")',
          'an expired token stays usable, so a leaked token outlives its lifetime; ask the vendor why the API does not check the token\'s expiry',
        ),
      );
    }
    expect(
      probe.status,
      departure(
        `answers an expired access token with ${probe.status}${probe.challenge ? ` and WWW-Authenticate: ${probe.challenge} (RFC 6750 §3.1)` : ''}`,
        'spec §5.7 ("the API answers with HTTP status 403")',
        `an integration that refreshes its token only on 403 will fail instead of refreshing`,
      ),
    ).toBe(403);
  },
);

/**
 * Calls the probe from `expiredAt` on until an answer is not a success, or
 * until `expiredAt` + leeway has passed with the token still accepted.
 */
async function probeUntilRefused(context: SuiteContext, expired: ExpiredToken, leewayMs: number): Promise<ProbeOutcome> {
  await sleep(Math.max(0, expired.expiredAt - Date.now()));
  const deadline = expired.expiredAt + leewayMs;
  let acceptedLagMs: number | undefined;
  for (let calls = 1; ; calls += 1) {
    const sentAt = Date.now();
    const response = await callProbe(context, `Bearer ${expired.token}`, expired.baseUrl);
    const { status } = response;
    const lagMs = Math.max(0, sentAt - expired.expiredAt);
    const accepted = status >= 200 && status < 300;
    const challenge = bearerChallenge(response.header('www-authenticate'));
    if (!accepted) return { status, refused: true, lagMs, acceptedLagMs, calls, challenge };
    acceptedLagMs = lagMs;
    // Sent after the leeway had run out, and still accepted.
    if (sentAt >= deadline) return { status, refused: false, lagMs, acceptedLagMs, calls, challenge };
    await sleep(Math.min(PROBE_INTERVAL_MS, Math.max(0, deadline - Date.now())));
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** Strategy 1: a token whose lifetime fits the wait budget, waited out (the embedded one was issued during setup). */
async function waitedOutToken(context: SuiteContext): Promise<ExpiredToken | undefined> {
  const { target, http } = context;
  const instance = target.shortLived ?? (target.fullUser && { baseUrl: target.baseUrl, authUrl: target.authUrl, authEndpoints: target.authEndpoints, client: target.client, user: target.fullUser });
  if (!instance) return undefined;
  const issued: IssuedToken | undefined =
    probedFromExpiry(target.shortLived?.issued, target.expiryLeewaySeconds) ??
    (await loginForTokens(http, target, instance, instance.user).then(({ tokens }) =>
      ({ accessToken: tokens.accessToken, expiresIn: tokens.expiresIn, obtainedAt: tokens.obtainedAt }),
    ));
  if (!issued) return undefined;
  // Without expires_in (see auth.token-response-schema) the lifetime is unknown: wait the whole budget, then try.
  const lifetime = issued.expiresIn ?? target.expiryMaxWaitSeconds;
  if (lifetime > target.expiryMaxWaitSeconds) return undefined;
  const how = issued.expiresIn === undefined ? `no expires_in; waited EXPIRY_MAX_WAIT_S=${lifetime}s` : `waited out expires_in=${lifetime}s`;
  return { token: issued.accessToken, baseUrl: instance.baseUrl, how, expiredAt: issued.obtainedAt + lifetime * 1000 };
}

/**
 * The token issued during setup, unless it expired longer ago than the leeway: probed from its expiry on, a leeway
 * shows as acceptances; probed long after, the first answer already lies past any leeway, so a fresh token is taken.
 */
function probedFromExpiry(issued: IssuedToken | undefined, leewaySeconds: number): IssuedToken | undefined {
  if (!issued || issued.expiresIn === undefined) return issued;
  return Date.now() < issued.obtainedAt + (issued.expiresIn + leewaySeconds) * 1000 ? issued : undefined;
}

/** Strategy 2, or the skip reason of strategy 3. */
function recordedToken(context: SuiteContext): ExpiredToken | string {
  const recorded = context.tokens.expiredAccessTokenRecord();
  if (recorded) return { token: recorded.token, baseUrl: context.target.baseUrl, how: 'an access token recorded by an earlier run, now expired', expiredAt: recorded.expiresAt };
  const longer = `access tokens live longer than EXPIRY_MAX_WAIT_S=${context.target.expiryMaxWaitSeconds}s (raise it above expires_in to wait one out)`;
  const kept = context.tokens.retiredAccessTokenExpiry;
  if (kept !== undefined) return `${longer}, and the access token TOKEN_STORE keeps from its last refresh expires only at ${new Date(kept).toISOString()}: a run from then on uses it`;
  return `${longer}, and TOKEN_STORE keeps no replaced access token yet (it keeps one at a refresh, and a run after that token expires uses it)`;
}
