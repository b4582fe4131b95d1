/** One way an exchange departs from the vendor's document. */
export type ExchangeSide = 'request' | 'response';

export interface Violation {
  readonly side: ExchangeSide;
  /**
   * Where, as a JSON pointer into what was validated: `/path/<name>`,
   * `/query/<name>`, `/header/<name>` and `/body/…` on the request side;
   * `/status` and `/body/…` on the response side.
   */
  readonly pointer: string;
  readonly message: string;
  /**
   * `warning`: the exchange could not be judged there (a body the log clipped,
   * a redacted value), or the target refused a request the document rejects.
   */
  readonly level: 'error' | 'warning';
  /** For a value outside a schema's `enum`: the values the document allows and the value seen (vendor-agreement.ts names them). */
  readonly enumeration?: { readonly allowed: readonly unknown[]; readonly value: unknown };
}

export function formatViolation(violation: Violation): string {
  return `${violation.side} ${violation.pointer || '/'}: ${violation.message}`;
}
