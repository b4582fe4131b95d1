/**
 * 502 Bad Gateway, 503 Service Unavailable and 504 Gateway Timeout (RFC 9110
 * §15.6.3–§15.6.5) say the way to the target failed, or the target is down
 * for the moment: none is an answer of the API the spec describes (§7 lists
 * no such status). Where one stays after the client's retries, the target
 * gave no answer (src/check/no-answer.ts).
 */
const gatewayStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

export function isGatewayStatus(status: number | undefined): boolean {
  return status !== undefined && gatewayStatuses.has(status);
}
