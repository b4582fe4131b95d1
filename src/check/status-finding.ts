/**
 * A status the spec does not allow, said as a finding a person can act on,
 * in the headline (not only in the exchange attachment):
 * `POST /dse/rest/v1.0/jobs/_search answered 422: 'states[1]: must be one of …';
 *  spec §2: <what the spec promises>; what to do: <the next step>`.
 * The target's own error text is the message members of an error body
 * (RFC 9457 `detail` and `title`; Spring Boot's `message` and `error`), or the
 * start of a body that is not JSON.
 */
import { targetBreak } from './failure.ts';

/** What the spec promises for one call, and what a user can do when the target answers otherwise. */
export interface StatusExpectation {
  /** `POST /dse/rest/v1.0/jobs/_search`, as sent. */
  readonly call: string;
  /** Statuses that keep the promise; any 2xx when absent. */
  readonly accepted?: readonly number[];
  /** The spec section (`§4.2`). */
  readonly spec: string;
  /** What the spec promises, as a clause: `lists the endpoint as served in 8.0`. */
  readonly promise: string;
  /** The step for a refusal of the request (400, 422) that fits this call: the value to send instead. */
  readonly onRefusal?: string;
  /** The endpoint to move to (spec §9.4), named by a 404/405's next step. */
  readonly replacement?: string;
  /** The step a status calls for at this call, where it differs from any call's (`nextStepFor`); undefined: that one. */
  readonly stepFor?: (status: number) => string | undefined;
}

export interface StatusAnswer {
  readonly status: number;
  readonly text: string;
}

/** Bounded: a headline, not the body. */
const MAX_TARGET_TEXT = 240;

/** RFC 9457 first (a problem's `detail` says this occurrence, `title` the kind), then Spring Boot's error attributes. */
const messageMembers = ['detail', 'message', 'title', 'error_description', 'error'] as const;

/** The target's own words about a refusal: its error body's message members, the first of its `errors`, or the start of its text. */
export function targetErrorText(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(trimmed);
  } catch {
    return bounded(trimmed.replace(/\s+/g, ' '));
  }
  if (typeof body === 'string') return bounded(body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return bounded(trimmed);
  const record = body as Record<string, unknown>;
  const said = messageMembers.map((member) => record[member]).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  const details = validationDetails(record.errors);
  const parts = [...new Set([...said.slice(0, 2), ...details])];
  return parts.length > 0 ? bounded(parts.join('; ')) : bounded(trimmed);
}

/** Bean Validation's `errors` (Spring: `[{field, defaultMessage}]`) or RFC 9457 extensions such as `[{pointer, detail}]`. */
function validationDetails(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.slice(0, 3).flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const where = [record.field, record.pointer, record.property].find((value) => typeof value === 'string');
    const what = [record.defaultMessage, record.detail, record.message].find((value) => typeof value === 'string');
    return what === undefined ? [] : [`${where === undefined ? '' : `${String(where)}: `}${String(what)}`];
  });
}

function bounded(text: string): string {
  return text.length > MAX_TARGET_TEXT ? `${text.slice(0, MAX_TARGET_TEXT)}…` : text;
}

/** The next step a status calls for, when the call names none of its own. */
export function nextStepFor(status: number, expectation: Pick<StatusExpectation, 'onRefusal' | 'replacement'>): string {
  if (status === 404 || status === 405) {
    const move = expectation.replacement === undefined ? '' : `move to ${expectation.replacement} (spec §9.4), and `;
    // A 404 may name a missing entity rather than a missing route: the target's own words above tell which.
    const entity = status === 404 ? ' (if the message names a missing entity, the route is served: check the fixture the path names)' : '';
    return `${move}ask the vendor where this version serves the endpoint; until then a client calling it gets ${status}${entity}`;
  }
  if (status === 400 || status === 422) return expectation.onRefusal ?? 'the target refused the request as sent: change the request to what its message asks for, or handle the refusal in the client';
  if (status === 401) return 'the target refused the token: check that the client and user of the target (CLIENT_ID, the users) are registered for this module';
  if (status === 403) return 'the user lacks a permission: give the test user the roles the spec names (§5.11–§5.13) and check the target\'s role mapping';
  if (status >= 500) return 'a server error: the cause is in the target\'s log; report it to whoever runs the target';
  if (status >= 300 && status < 400) return 'the target redirects: point the module\'s base URL at where it redirects to';
  return `handle HTTP ${status} in the client, or ask the vendor why the endpoint answers it`;
}

/** The headline of a status the spec does not allow. */
export function statusFindingMessage(answer: StatusAnswer, expectation: StatusExpectation): string {
  const said = targetErrorText(answer.text);
  const wanted = expectation.accepted === undefined ? 'a 2xx' : expectation.accepted.join(' or ');
  return (
    `${expectation.call} answered ${answer.status}${said === undefined ? '' : `: '${said}'`} (expected ${wanted}); ` +
    `spec ${expectation.spec} ${expectation.promise}; what to do: ${expectation.stepFor?.(answer.status) ?? nextStepFor(answer.status, expectation)}`
  );
}

/** `POST /rest/mp/v1.1/webhooks`: the method and the path as sent (the response's URL, without its query). */
export function sentCall(method: string, response: { readonly url: string }): string {
  return `${method} ${new URL(response.url).pathname}`;
}

/** Whether the status keeps the promise: one of `accepted`, or any 2xx. */
export function statusKept(status: number, accepted: readonly number[] | undefined): boolean {
  return accepted === undefined ? status >= 200 && status < 300 : accepted.includes(status);
}

/** Fails the check, as the target's break, with the finding's headline when the status does not keep the promise. */
export function expectStatus(answer: StatusAnswer, expectation: StatusExpectation): void {
  if (!statusKept(answer.status, expectation.accepted)) throw targetBreak(statusFindingMessage(answer, expectation));
}
