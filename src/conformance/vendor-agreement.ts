/**
 * Where the vendor's own document of the target's version explains what a
 * module check met, the finding says so (DESIGN.md "Facts about a real 8.0
 * instance"): the platform departs from the spec, which a user must plan
 * for; their staging is not broken. Three explanations, each read from the
 * document the user pointed OPENAPI_DIR at:
 * - the target answered 404/405 and the document has no such operation;
 * - the same, and the document has the operation at another path (another
 *   version segment, another parameter name): that is where to move;
 * - the target refused a request (4xx) and the document's schema has no
 *   such value in its `enum` (validated with openapi-backend and ajv, as
 *   the conformance checks do);
 * - the target answered a 2xx body that the spec's schema (schemas/, by the
 *   catalog) rejects and that keeps the document's named response schema.
 * Any other answer is left unlabelled: the document does not explain it.
 */
import { findCatalogEntry } from '../catalog/index.ts';
import { formatIssue, validateBody } from '../schemas/validator.ts';
import { isRecord, member } from '../http/json.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { DocumentValidator } from './document-validator.ts';
import { templateMatches } from './path-template.ts';
import type { RecordedExchange } from './recorded-exchange.ts';
import { documentOperations, type DocumentOperation, type VendorDocument } from './vendor-documents.ts';

export type VendorAgreementKind = 'operation absent' | 'at another path' | 'value not in enum' | 'body as documented';

export interface VendorAgreement {
  readonly kind: VendorAgreementKind;
  /** The vendor document's file name. */
  readonly document: string;
  readonly version: PlatformVersion;
  /** What of the document explains the finding: the operation it lacks, the operation(s) it has instead, or `schema DseObjectState`. */
  readonly subject: string;
  /** The label, one line: `the vendor's 8.0 document agrees with the target: …`. */
  readonly text: string;
}


/** A path version segment (spec §9.2: `v1`, `v1.0`, `v1.1`, `v1.2`, `v2`). */
const versionSegment = /^v\d+(\.\d+)*$/;

/** A route the target does not have: 404, or 405 where another method shares the path (RFC 9110 §15.5.5, §15.5.6). */
const routeAbsent = new Set([404, 405]);

/** Refusals about the token or the route are not about a value of the request. */
const notAboutValues = new Set([401, 403, 404, 405]);

/** An operation by its method and path template, as the document or the validator names it. */
type OperationRef = Pick<DocumentOperation, 'method' | 'path'>;

/** The target answered 404/405 and the vendor's document has no operation for the request: absent there, or at another path. */
export function agreementOnAbsence(vendor: VendorDocument, exchange: RecordedExchange): VendorAgreement | undefined {
  if (exchange.status === undefined || !routeAbsent.has(exchange.status)) return undefined;
  const method = exchange.method.toUpperCase();
  const path = pathOf(exchange);
  const operations = documentOperations(vendor);
  if (operations.some((operation) => operation.method === method && templateMatches(operation.path, path))) return undefined;
  const asked = askedAs(method, path);
  const lead = agreesLead(vendor);
  const elsewhere = operations.filter((operation) => operation.method === method && looselyMatches(operation.path, path)).map(named);
  if (elsewhere.length > 0) {
    const subject = elsewhere.join(', ');
    return { kind: 'at another path', document: vendor.file, version: vendor.version, subject, text: `${lead}: it has no ${asked}, but has ${subject} (${vendor.file})` };
  }
  // Other operations whose template the path fits (a 405's Allow): named with their templates, since a `{param}` may be what matched.
  const others = operations.filter((operation) => operation.method !== method && templateMatches(operation.path, path)).map(named);
  const only = others.length > 0 ? `; at that path it has only ${others.join(', ')}` : '';
  return { kind: 'operation absent', document: vendor.file, version: vendor.version, subject: asked, text: `${lead}: it has no ${asked}${only} (${vendor.file})` };
}

/** The target refused the request (4xx) and a value of it is outside an `enum` of the vendor's schema for the operation. */
export async function agreementOnRefusal(vendor: VendorDocument, validator: () => Promise<DocumentValidator>, exchange: RecordedExchange): Promise<VendorAgreement | undefined> {
  const status = exchange.status;
  if (status === undefined || status < 400 || status >= 500 || notAboutValues.has(status)) return undefined;
  const verdict = (await validator()).validate(exchange);
  if (verdict.kind !== 'matched') return undefined;
  const outside = verdict.violations.find((violation) => violation.side === 'request' && violation.enumeration !== undefined);
  if (outside?.enumeration === undefined) return undefined;
  const operation = named(verdict.endpoint);
  const schema = schemaNameAt(vendor, verdict.endpoint, outside.pointer);
  const subject = schema === undefined ? `${operation} ${outside.pointer}` : `schema ${schema}`;
  const member = memberOf(outside.pointer);
  const allowed = outside.enumeration.allowed.map((value) => JSON.stringify(value)).join(', ');
  return {
    kind: 'value not in enum',
    document: vendor.file,
    version: vendor.version,
    subject,
    text: `${agreesLead(vendor)}: ${operation} takes \`${member}\` from ${subject} (${allowed}), which has no ${JSON.stringify(outside.enumeration.value)} (${vendor.file})`,
  };
}

/**
 * The target answered a 2xx JSON body that the spec's schema for the endpoint rejects, and the body keeps the
 * vendor's response schema for that status, a named one (a bare `object` would agree with anything).
 */
export async function agreementOnBody(vendor: VendorDocument, validator: () => Promise<DocumentValidator>, exchange: RecordedExchange): Promise<VendorAgreement | undefined> {
  const status = exchange.status;
  if (status === undefined || status < 200 || status >= 300 || exchange.responseBody === undefined) return undefined;
  const match = findCatalogEntry(exchange.method, pathOf(exchange));
  const specSchema = match === undefined || match.replacement ? undefined : match.entry.schemas?.response?.[vendor.version];
  const body = parsed(exchange.responseBody);
  if (specSchema === undefined || body === undefined) return undefined;
  const spec = validateBody(specSchema, body);
  if (spec.ok) return undefined;
  const verdict = (await validator()).validate(exchange);
  if (verdict.kind !== 'matched' || verdict.violations.some((violation) => violation.side === 'response')) return undefined;
  const schema = responseSchemaName(vendor, verdict.endpoint, status);
  if (schema === undefined) return undefined;
  const operation = named(verdict.endpoint);
  const subject = `schema ${schema}`;
  const first = spec.errors[0];
  return {
    kind: 'body as documented',
    document: vendor.file,
    version: vendor.version,
    subject,
    text: `${agreesLead(vendor)}: the ${status} body of ${operation} keeps the document's ${subject}, where the spec's schema ${specSchema} finds ${first === undefined ? 'it wrong' : formatIssue(first)} (${vendor.file})`,
  };
}

function agreesLead(vendor: VendorDocument): string {
  return `the vendor's ${vendor.version} document agrees with the target`;
}

function pathOf(exchange: RecordedExchange): string {
  return new URL(exchange.path, 'http://target.invalid').pathname;
}

/** The request as the spec names it (the catalog's template), or as sent. */
function askedAs(method: string, path: string): string {
  const match = findCatalogEntry(method, path);
  const endpoint = match === undefined ? undefined : match.replacement && match.entry.replacement ? match.entry.replacement : match.entry;
  return `${method} ${endpoint?.path ?? path}`;
}

function named(operation: OperationRef): string {
  return `${operation.method} ${operation.path}`;
}

/** The same route but for its version segment (`v1.1` for `v1.2`, `{version}`) or a parameter's name (`{vdbUuid}` for `{vdbId}`). */
function looselyMatches(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, index) => {
    const actual = got[index] ?? '';
    if (/^\{[^}]+\}$/.test(segment)) return actual !== '';
    return segment === actual || (versionSegment.test(segment) && versionSegment.test(actual));
  });
}

/** `/body/states/1` → `states`; `/query/sort` → `sort`: the member, without the part and array indexes. */
function memberOf(pointer: string): string {
  const segments = pointer.split('/').slice(2).filter((segment) => !/^\d+$/.test(segment));
  return segments.join('.') || pointer;
}

/** The component schema the operation's response for `status` names (or names the items of), if it names one. */
function responseSchemaName(vendor: VendorDocument, endpoint: OperationRef, status: number): string | undefined {
  const document: unknown = vendor.document;
  const responses = member(member(member(member(document, 'paths'), endpoint.path), endpoint.method.toLowerCase()), 'responses');
  const response = resolved(document, member(responses, String(status)) ?? member(responses, `${Math.floor(status / 100)}XX`) ?? member(responses, 'default')).value;
  const content = member(response, 'content');
  const media = isRecord(content) ? Object.entries(content).find(([type]) => type.includes('json') || type === '*/*')?.[1] : undefined;
  const schema = member(media, 'schema');
  const direct = resolved(document, schema);
  return direct.name ?? resolved(document, member(direct.value, 'items')).name;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The name of the component schema a request pointer ends in, or the last one it passes through: the document's
 * own name for the value (`DseObjectState`). Follows local `$ref`s, `properties` and `items` only.
 */
function schemaNameAt(vendor: VendorDocument, endpoint: OperationRef, pointer: string): string | undefined {
  const document: unknown = vendor.document;
  const operation = member(member(member(document, 'paths'), endpoint.path), endpoint.method.toLowerCase());
  const [, part, ...rest] = pointer.split('/');
  let schema: unknown;
  if (part === 'body') {
    const content = member(member(resolved(document, member(operation, 'requestBody')).value, 'content'), 'application/json');
    schema = member(content, 'schema');
  } else if (part === 'query' || part === 'path') {
    const name = rest.shift();
    const parameters = member(operation, 'parameters');
    const parameter = Array.isArray(parameters) ? parameters.map((candidate) => resolved(document, candidate).value).find((candidate) => member(candidate, 'name') === name && member(candidate, 'in') === part) : undefined;
    schema = member(parameter, 'schema');
  }
  let name: string | undefined;
  for (const segment of [undefined, ...rest]) {
    if (segment !== undefined) schema = /^\d+$/.test(segment) ? member(schema, 'items') : member(member(schema, 'properties'), segment);
    const step = resolved(document, schema);
    schema = step.value;
    name = step.name ?? name;
    if (schema === undefined) return name;
  }
  return name;
}

/** A local `$ref` (`#/components/schemas/X`) followed; its last segment is the name. */
function resolved(document: unknown, value: unknown): { value: unknown; name?: string } {
  let current = value;
  let name: string | undefined;
  for (let hops = 0; hops < 8; hops += 1) {
    const ref = member(current, '$ref');
    if (typeof ref !== 'string' || !ref.startsWith('#/')) break;
    const segments = ref.slice(2).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    name = segments.at(-1);
    current = segments.reduce<unknown>((node, segment) => member(node, segment), document);
  }
  return { value: current, ...(name !== undefined && { name }) };
}
