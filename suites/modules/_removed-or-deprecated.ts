/**
 * The verdict on an endpoint the spec lists as "removed/deprecated" in 8.0
 * (spec §4.4): either is the spec's, so the check passes both ways and says
 * which the target did.
 * - removed: the route answers 404, 405 or 410 (RFC 9110 §15.5.5, §15.5.6, §15.5.11);
 * - deprecated: it still answers 2xx, with or without a Deprecation signal
 *   (RFC 9745; the spec obliges none), which is reported;
 * - anything else is neither, and fails with the target's own words.
 * A 404 to a made-up id (no fixture found) cannot tell a removed route from a
 * missing entity, so it proves nothing either way: not checked, with the reason.
 */
import { describeSignal, type DeprecationSignal } from '../../src/http/deprecation-headers.ts';

/** A route that is gone: 404, 405 where another method shares the path, 410 where the server says so for good. */
const ROUTE_GONE: readonly number[] = [404, 405, 410];

export interface RemovedOrDeprecatedAnswer {
  readonly status: number;
  /** The start of the body, for a failure that quotes the target. */
  readonly text: string;
  /** The Deprecation / Sunset signal the answer carried, if any. */
  readonly signal?: DeprecationSignal;
  /** The path parameters were made up because discovery found no fixture. */
  readonly placeholders: boolean;
}

export type RemovedOrDeprecatedVerdict =
  | { readonly outcome: 'removed' | 'deprecated'; readonly observation: string }
  | { readonly outcome: 'not-checked'; readonly reason: string }
  | { readonly outcome: 'neither'; readonly problem: string };

/** What the verdict names: the request (`GET /rest/mp/v1.0/archive-entries/asset/77403`), the spec section, the variables that give real ids. */
export interface RemovedOrDeprecatedProbe {
  readonly call: string;
  readonly spec: string;
  readonly fixtures: readonly string[];
}

export function removedOrDeprecatedVerdict(answer: RemovedOrDeprecatedAnswer, { call, spec, fixtures }: RemovedOrDeprecatedProbe): RemovedOrDeprecatedVerdict {
  const { status } = answer;
  if (answer.placeholders && !(status === 405 || status === 410 || (status >= 200 && status < 300))) {
    return {
      outcome: 'not-checked',
      reason: `not checked: ${call} with made-up ids (discovery found none) answered HTTP ${status}, which cannot tell a removed route from a missing entity; set ${fixtures.join(', ') || 'the fixture variables'}`,
    };
  }
  if (ROUTE_GONE.includes(status)) return { outcome: 'removed', observation: `removed: HTTP ${status}` };
  if (status >= 200 && status < 300) {
    const signal = answer.signal ? describeSignal(answer.signal) : 'no Deprecation or Sunset header (the spec obliges none)';
    return { outcome: 'deprecated', observation: `deprecated, still served: HTTP ${status}; ${signal}` };
  }
  const said = answer.text.trim() === '' ? '' : `: ${answer.text.trim().slice(0, 200)}`;
  return {
    outcome: 'neither',
    problem: `${call} answered HTTP ${status}${said}; spec ${spec} has it removed/deprecated in 8.0: removed answers 404, 405 or 410, deprecated still answers 2xx`,
  };
}
