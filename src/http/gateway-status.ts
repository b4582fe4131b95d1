/**
 * 502 Bad Gateway, 503 Service Unavailable and 504 Gateway Timeout (RFC 9110
 * §15.6.3–§15.6.5) say the way to the target failed, or the target is down
 * for the moment: none is an answer of the API the spec describes (§7 lists
 * no such status). One that stays after the client's retries of an
 * idempotent request (client.ts: three attempts over most of a second) is no
 * answer of the target's (src/check/no-answer.ts). A request that is not
 * retried (a POST) keeps its one answer as the target's: a backend that
 * crashed on what the check sent is a finding.
 */
import { UpgradeGuardError, noAnswerOf, stoppedNote } from '../errors.ts';
import { RETRIED_METHODS, type HttpClient } from './client.ts';

const gatewayStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

export function isGatewayStatus(status: number | undefined): boolean {
  return status !== undefined && gatewayStatuses.has(status);
}

/** Whether `method`'s answer `status` is a gateway's that stayed through the retries: no answer of the target's. */
export function isUnansweredThroughRetries(method: string, status: number | undefined): boolean {
  return isGatewayStatus(status) && (RETRIED_METHODS as readonly string[]).includes(method.toUpperCase());
}

/** The no-answer of such a request: `GET /x answered 503 after the retries: …`. */
export function gatewayNoAnswer(method: string, path: string, status: number | string): UpgradeGuardError {
  return new UpgradeGuardError('TARGET_UNREACHABLE', `${method.toUpperCase()} ${path} answered ${status} through the retries: a gateway or the target is down, not an answer of the API (RFC 9110 §15.6)`);
}

/**
 * Whether the host of `url` gives no answer either: a GET of its root, retried as every GET, that keeps a gateway's
 * status or gets no answer at all. What it got, or undefined when the host answers (then a gateway's status that one
 * request got is the target's own answer).
 */
export async function silentHost(http: Pick<HttpClient, 'request'>, url: string): Promise<string | undefined> {
  const root = new URL('/', url);
  const got = await http.request({ method: 'GET', url: root.toString() }).then(
    (response) => (isGatewayStatus(response.status) ? `${response.status} through the retries` : undefined),
    // The run's stop refusing the probe says nothing of the host: it stays what ended the question (src/errors.ts `stoppedNote`).
    (error: unknown) => (stoppedNote(error) === undefined ? noAnswerOf(error)?.message : Promise.reject(error)),
  );
  return got === undefined ? undefined : `GET ${root.origin}/ got ${got}`;
}

/** The no-answer of a request sent once whose host gives none either (`silentHost`); `request`: `POST /x`. */
export function silentHostNoAnswer(request: string, status: number | string, host: string): UpgradeGuardError {
  return new UpgradeGuardError('TARGET_UNREACHABLE', `${request} answered ${status}, and ${host}: a gateway or the target is down, not an answer of the API (RFC 9110 §15.6)`);
}

/**
 * The no-answer a gateway's status is, if it is one: through a GET's retries, or on a request sent once whose host
 * gives no answer either (asked of `client` only then). `request`: how the answer is named (`POST /x`); `method`, when
 * known, tells a retried request.
 */
export async function gatewaySilence(
  client: () => Pick<HttpClient, 'request'> | Promise<Pick<HttpClient, 'request'>>,
  answer: { readonly request: string; readonly method?: string; readonly url: string; readonly status?: number },
): Promise<UpgradeGuardError | undefined> {
  if (answer.status === undefined || !isGatewayStatus(answer.status)) return undefined;
  if (answer.method !== undefined && isUnansweredThroughRetries(answer.method, answer.status)) return gatewayNoAnswer(answer.method, new URL(answer.url).pathname, answer.status);
  const host = await silentHost(await client(), answer.url);
  return host === undefined ? undefined : silentHostNoAnswer(answer.request, answer.status, host);
}
