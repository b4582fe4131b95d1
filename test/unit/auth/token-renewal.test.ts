/**
 * A token that expired in flight (spec §5.7 403) is not the target's verdict:
 * the module API call refreshes once and sends again (spec §5.8), and the
 * check's exchange log notes it; a 403 for a fresh token is final. The
 * clock is the manager's own: nothing here depends on how fast the box is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformApi } from '../../../src/api/platform-api.ts';
import { TokenManager } from '../../../src/auth/token-manager.ts';
import { ExchangeLog } from '../../../src/http/exchange-log.ts';
import { runWithExchangeLog } from '../../../src/http/exchange-scope.ts';
import { formOf, mockHttp, type MockHttp } from '../../support/mock-http.ts';

const CAS = 'https://cas.example';
const BASE = 'https://platform.example';
const ENDPOINT = `${CAS}/api/v1.1/token`;
const T0 = 1_700_000_000_000;
const path = '/rest/mp/v1.1/asset-attributes/501/nodes';

let http: MockHttp;
let now: number;

beforeEach(() => {
  http = mockHttp();
  now = T0;
});
afterEach(async () => {
  await http.close();
});

async function manager(lifetimeS: number): Promise<TokenManager> {
  return TokenManager.fromLogin(
    { client: http.client, tokenEndpoint: ENDPOINT, clientId: 'app-1', clientSecret: 'client-secret-5e3f', now: () => now },
    { accessToken: 'access-aaaa-1', refreshToken: 'refresh-rrrr-1', tokenType: 'Bearer', expiresIn: lifetimeS, obtainedAt: now, expiresAt: now + lifetimeS * 1000 },
  );
}

/** The target refuses `token`; `inFlightMs` is how far the manager's clock moves while the request is under way. */
function refusedWith(token: string, inFlightMs = 0): void {
  http.agent
    .get(BASE)
    .intercept({ path, method: 'GET', headers: { authorization: `Bearer ${token}` } })
    .reply(() => {
      now += inFlightMs;
      return { statusCode: 403, data: JSON.stringify({ message: 'The access token expired' }), responseOptions: { headers: { 'content-type': 'application/json' } } };
    });
}

describe('a 403 for a token at its expiry', () => {
  it('is answered with one refresh and one more attempt, noted on the exchange log', async () => {
    const tokens = await manager(3);
    const api = new PlatformApi(http.client, BASE, tokens);
    // Handed out fresh; by the time the answer came, the token was within the refresh margin.
    refusedWith('access-aaaa-1', 2_500);
    http.agent
      .get(CAS)
      .intercept({ path: '/api/v1.1/token', method: 'POST', body: (body) => formOf(body).refresh_token === 'refresh-rrrr-1' })
      .reply(200, { access_token: 'access-aaaa-2', refresh_token: 'refresh-rrrr-2', token_type: 'Bearer', expires_in: 3 });
    http.agent.get(BASE).intercept({ path, method: 'GET', headers: { authorization: 'Bearer access-aaaa-2' } }).reply(200, []);
    const log = new ExchangeLog(http.secrets);
    const response = await runWithExchangeLog(log, () => api.call({ method: 'GET', path }));
    expect(response.status).toBe(200);
    expect(tokens.refreshCount).toBe(1);
    expect(log.drainRenewals()).toEqual([`GET ${path}`]);
    expect(log.drain().map((exchange) => exchange.status)).toEqual([403, 200, 200]);
  });

  it('is final when the token was fresh: the 403 is the target’s verdict', async () => {
    const tokens = await manager(3600);
    const api = new PlatformApi(http.client, BASE, tokens);
    refusedWith('access-aaaa-1');
    const log = new ExchangeLog(http.secrets);
    const response = await runWithExchangeLog(log, () => api.call({ method: 'GET', path }));
    expect(response.status).toBe(403);
    expect(tokens.refreshCount).toBe(0);
    expect(log.drainRenewals()).toEqual([]);
  });

  it('is final for a token the call brought itself', async () => {
    const tokens = await manager(3);
    const api = new PlatformApi(http.client, BASE, tokens);
    refusedWith('access-aaaa-1', 2_900);
    const response = await api.call({ method: 'GET', path, headers: { authorization: 'Bearer access-aaaa-1' } });
    expect(response.status).toBe(403);
    expect(tokens.refreshCount).toBe(0);
  });
});
