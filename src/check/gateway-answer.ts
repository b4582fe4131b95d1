/**
 * A gateway's 502/503/504 a check met, when it is no answer of the target's
 * (src/http/gateway-status.ts, src/check/no-answer.ts): a retried request's
 * that stayed through the retries, or another request's (a POST, sent once)
 * when a GET of its host's root, retried, gets no answer either: the target
 * is down. A request whose host answers around it got the target's own
 * answer: a backend that crashed on what the check sent (502) stays a finding.
 */
import type { Exchange } from '../http/exchange-log.ts';
import type { HttpClient } from '../http/client.ts';
import { gatewaySilence, isGatewayStatus, isUnansweredThroughRetries } from '../http/gateway-status.ts';

/** What the target did, as a no-answer note's text; undefined when the check met no gateway's status or the host answers. */
export async function gatewayAnswer(exchanges: readonly Exchange[], client: () => Promise<Pick<HttpClient, 'request'>>): Promise<string | undefined> {
  // One that stayed through the retries says so without asking the host.
  const gateway = exchanges.find((exchange) => isUnansweredThroughRetries(exchange.method, exchange.status)) ?? exchanges.find((exchange) => isGatewayStatus(exchange.status));
  if (gateway === undefined) return undefined;
  return (await gatewaySilence(client, { request: `${gateway.method} ${new URL(gateway.url).pathname}`, method: gateway.method, url: gateway.url, ...(gateway.status !== undefined && { status: gateway.status }) }))?.message;
}
