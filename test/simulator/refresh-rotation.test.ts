/**
 * Refresh (spec §4.1, §5.8, §8): every refresh issues a completely new pair
 * and kills the old refresh token; presenting a rotated refresh token again
 * revokes the whole family (RFC 9700 §4.14.2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, obtainTokens, refreshTokens, startSim, stopAll, tokenPair, tokenRequest, type Sim } from './_sim.ts';

afterAll(stopAll);

describe('refresh token rotation', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ version: '7.4' });
  });

  it('issues a completely new pair, and the new access token works', async () => {
    const first = await obtainTokens(sim);
    const reply = await refreshTokens(sim, first.refreshToken);
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid' });
    const second = tokenPair(reply);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await callApi(sim, second.accessToken)).status).toBe(200);
  });

  it('keeps a chain of refreshes going', async () => {
    let pair = await obtainTokens(sim);
    const seen = new Set([pair.refreshToken]);
    for (let round = 0; round < 3; round += 1) {
      pair = tokenPair(await refreshTokens(sim, pair.refreshToken));
      expect(seen.has(pair.refreshToken)).toBe(false);
      seen.add(pair.refreshToken);
    }
    expect((await callApi(sim, pair.accessToken)).status).toBe(200);
  });

  it('refuses the old refresh token, and its reuse revokes the whole family', async () => {
    const first = await obtainTokens(sim);
    const second = tokenPair(await refreshTokens(sim, first.refreshToken));

    const reuse = await refreshTokens(sim, first.refreshToken);
    expect(reuse.status).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });

    expect((await refreshTokens(sim, second.refreshToken)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await callApi(sim, second.accessToken)).status).toBe(401);
  });

  it('leaves other families alone when one is revoked', async () => {
    const bystander = await obtainTokens(sim);
    const victim = await obtainTokens(sim);
    await refreshTokens(sim, victim.refreshToken);
    await refreshTokens(sim, victim.refreshToken);
    expect((await callApi(sim, bystander.accessToken)).status).toBe(200);
    expect((await refreshTokens(sim, bystander.refreshToken)).status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const reply = await tokenRequest(sim, { grant_type: 'refresh_token', refresh_token: 'never-issued' });
    expect(reply.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refreshes a token that has already expired (refresh tokens do not expire here)', async () => {
    const first = await obtainTokens(sim);
    sim.clock.advance(7200);
    expect((await callApi(sim, first.accessToken)).status).toBe(403);
    const second = tokenPair(await refreshTokens(sim, first.refreshToken));
    expect((await callApi(sim, second.accessToken)).status).toBe(200);
  });
});
