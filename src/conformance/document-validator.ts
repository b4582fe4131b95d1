/**
 * Validates recorded exchanges against one vendor document with
 * openapi-backend (its router matches the operation, its ajv validators
 * check parameters and bodies): the request's path and query parameters and
 * body, whether the response status is one the operation documents, and the
 * response body against the schema of that status.
 */
import { OpenAPIBackend, type Operation, type Request } from 'openapi-backend';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { isRecord } from '../http/json.ts';
import { REDACTED } from '../http/redact.ts';
import type { RecordedExchange } from './recorded-exchange.ts';
import type { VendorDocument } from './vendor-documents.ts';
import type { ExchangeSide, Violation } from './violation.ts';
import { templateMatches } from './path-template.ts';

export interface Endpoint {
  readonly method: string;
  /** The path template as the vendor document writes it. */
  readonly path: string;
}

export type ExchangeVerdict =
  | { readonly kind: 'matched'; readonly endpoint: Endpoint; readonly violations: readonly Violation[] }
  /** No operation of the document has this method and path. */
  | { readonly kind: 'unmatched' };

/** The exchange log cuts long bodies (src/http/exchange-log.ts); such a body cannot be judged. */
const clippedBody = /\n… \(\d+ more characters\)$/;

export class DocumentValidator {
  readonly #api: OpenAPIBackend;

  private constructor(api: OpenAPIBackend) {
    this.#api = api;
  }

  static async create(vendor: VendorDocument): Promise<DocumentValidator> {
    const api = new OpenAPIBackend({
      // The library reads the document as given: it is never translated or copied.
      definition: structuredClone(vendor.document),
      quick: true,
      strict: false,
      validate: true,
      ajvOpts: { strict: false, allErrors: true },
      // OpenAPI 3.0 formats (int32, int64, float, double, byte, binary, date-time, uuid, …) as ajv-formats defines them.
      customizeAjv: (ajv) => {
        addFormats.default(ajv);
        return ajv;
      },
    });
    await api.init();
    return new DocumentValidator(api);
  }

  validate(exchange: RecordedExchange): ExchangeVerdict {
    const url = new URL(exchange.path, 'http://target.invalid');
    const headers: Record<string, string> = {};
    if (exchange.requestContentType !== undefined) headers['content-type'] = exchange.requestContentType;
    const request: Request & { body?: string } = {
      method: exchange.method.toLowerCase(),
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers,
      ...(exchange.requestBody !== undefined && exchange.requestBody !== '' && { body: exchange.requestBody }),
    };
    const matched = this.#api.router.matchOperation(request);
    if (!matched) return { kind: 'unmatched' };
    // Templates that differ only in a parameter's name (`{vdbId}`, `{vdbUuid}`) both match: the exchange conforms if it keeps either.
    const others = this.#api.router.getOperations().filter((operation) => operation !== matched && operation.method === matched.method && templateMatches(operation.path, url.pathname));
    let best: ExchangeVerdict | undefined;
    for (const operation of [matched, ...others]) {
      const violations = [...this.#requestViolations(request, operation, exchange), ...this.#responseViolations(operation, exchange)];
      const verdict: ExchangeVerdict = { kind: 'matched', endpoint: { method: exchange.method.toUpperCase(), path: operation.path }, violations };
      best ??= verdict;
      if (violations.every((violation) => violation.level !== 'error')) return verdict;
    }
    return best ?? { kind: 'unmatched' };
  }

  #requestViolations(request: Request & { body?: string }, operation: Operation, exchange: RecordedExchange): Violation[] {
    if (request.body !== undefined && clippedBody.test(request.body)) {
      return [{ side: 'request', pointer: '/body', message: 'body longer than the exchange log keeps; not validated', level: 'warning' }];
    }
    const result = this.#api.validator.validateRequest({ ...request }, operation);
    const instance = {
      query: Object.fromEntries(new URL(exchange.path, 'http://target.invalid').searchParams),
      requestBody: parseJson(request.body),
    };
    const violations = (result.errors ?? []).map((error) => toViolation('request', error, instance));
    // The library validates a body only where the operation documents one; a body sent elsewhere is read by nobody.
    if (request.body !== undefined && operation.requestBody === undefined) {
      violations.push({ side: 'request', pointer: '/body', message: 'the operation documents no request body, but one was sent', level: 'error' });
    }
    return violations.map((violation) => refusedAsPredicted(violation, exchange.status));
  }

  #responseViolations(operation: Operation, exchange: RecordedExchange): Violation[] {
    if (exchange.status === undefined) return [];
    const responses = isRecord(operation.responses) ? operation.responses : {};
    const documented = documentedResponse(responses, exchange.status);
    if (documented === undefined) {
      return [{ side: 'response', pointer: '/status', message: `status ${exchange.status} is not documented (documented: ${Object.keys(responses).join(', ') || 'none'})`, level: 'error' }];
    }
    const body = exchange.responseBody;
    if (body === undefined || body === '' || !isJsonType(exchange.responseContentType)) return [];
    if (clippedBody.test(body)) return [{ side: 'response', pointer: '/body', message: 'body longer than the exchange log keeps; not validated', level: 'warning' }];
    const parsed = parseJson(body);
    if (parsed === undefined) return [{ side: 'response', pointer: '/body', message: 'body is not JSON although its content type says so', level: 'error' }];
    if (!hasJsonSchema(documented)) return [];
    const result = this.#api.validator.validateResponse(parsed, operation, exchange.status);
    return (result.errors ?? []).map((error) => toViolation('response', error, { body: parsed }));
  }
}

/**
 * A request the document rejects and the target refused (4xx) is what the
 * document predicts: a check probing a refusal on purpose (a numeric id where
 * 8.0 takes a UUID). Kept as a warning, not a failure; the response side is
 * still judged.
 */
function refusedAsPredicted(violation: Violation, status: number | undefined): Violation {
  if (violation.level !== 'error' || status === undefined || status < 400 || status >= 500) return violation;
  return { ...violation, message: `${violation.message} (refused with ${status}, as the document predicts)`, level: 'warning' };
}

/** The response object for a status: the code itself, its range (`4XX`) or `default` (OpenAPI 3.0 "Responses Object"). */
function documentedResponse(responses: Readonly<Record<string, unknown>>, status: number): unknown {
  return responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
}

function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /[/+]json\b/i.test(contentType);
}

/** A documented response with a JSON schema (a response without content documents no body to check). */
function hasJsonSchema(response: unknown): boolean {
  if (!isRecord(response) || !isRecord(response.content)) return false;
  return Object.entries(response.content).some(([type, media]) => (type.includes('json') || type === '*/*') && isRecord(media) && media.schema !== undefined);
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * An ajv error as a violation. openapi-backend validates the request as one
 * object (`/path`, `/query`, `/headers`, `/requestBody`) and the response
 * body as the instance; the pointer names the part (`/body/…` for bodies) and
 * the member (a missing one is appended). A value the log redacted cannot be
 * judged: that is a warning.
 */
function toViolation(side: ExchangeSide, error: ErrorObject, instance: Record<string, unknown>): Violation {
  const raw = side === 'request' ? error.instancePath.replace(/^\/requestBody(?=\/|$)/, '/body').replace(/^\/headers(?=\/|$)/, '/header') : `/body${error.instancePath}`;
  const missing = error.keyword === 'required' && typeof error.params.missingProperty === 'string' ? `/${error.params.missingProperty}` : '';
  const extra = error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string' ? `/${error.params.additionalProperty}` : '';
  const pointer = `${raw}${missing}${extra}`;
  const allowed = Array.isArray(error.params.allowedValues) ? ` (${error.params.allowedValues.map((value) => JSON.stringify(value)).join(', ')})` : '';
  const actual = valueAt(instance, side === 'request' ? error.instancePath : `/body${error.instancePath}`);
  const shown = actual === undefined || missing !== '' ? '' : `, got ${JSON.stringify(actual)?.slice(0, 80)}`;
  const redacted = actual === REDACTED;
  return {
    side,
    pointer,
    message: redacted ? 'value redacted in the log; not validated' : `${error.message ?? error.keyword}${allowed}${shown}`,
    level: redacted ? 'warning' : 'error',
    ...(error.keyword === 'enum' && !redacted && Array.isArray(error.params.allowedValues) && { enumeration: { allowed: error.params.allowedValues, value: actual } }),
  };
}

function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
}
