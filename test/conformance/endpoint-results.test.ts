/**
 * The conformance check on crafted exchanges, against the vendor's real
 * documents: a conforming exchange passes; a request or response that breaks
 * the document fails, naming method, path, side and the JSON pointer; a
 * departure row turns a violation into an observation; a refusal of a
 * request the document rejects is only a warning.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CatalogModule } from '../../src/catalog/types.ts';
import type { Departure } from '../../src/conformance/departures.ts';
import { DocumentValidator } from '../../src/conformance/document-validator.ts';
import { conformanceCheckId, describeFinding, endpointResults, type ModuleDocument } from '../../src/conformance/endpoint-results.ts';
import type { RecordedExchange } from '../../src/conformance/recorded-exchange.ts';
import { loadVendorDocuments } from '../../src/conformance/vendor-documents.ts';
import { referenceOpenapiDir } from './_documents.ts';

const documents: Partial<Record<CatalogModule, ModuleDocument>> = {};
// Without the vendor's documents next to the repository the file is skipped (test/support/shared-documents.ts).
const sharedDocuments = inject('sharedDocuments');

beforeAll(async () => {
  if (!sharedDocuments) return;
  for (const vendor of loadVendorDocuments(referenceOpenapiDir).filter((candidate) => candidate.version === '8.0' && ['planning', 'job'].includes(candidate.module))) {
    documents[vendor.module] = { file: vendor.file, validator: await DocumentValidator.create(vendor) };
  }
});

const group = (id: unknown): RecordedExchange => ({
  check: 'planning.crafted',
  method: 'GET',
  path: '/maps/rest/api/v1.0/group/14',
  status: 200,
  responseContentType: 'application/json',
  responseBody: JSON.stringify({ id, name: 'Marketing', inherit: false, uid: 'g-14' }),
});

describe.runIf(sharedDocuments)(`endpoint conformance on crafted exchanges${sharedDocuments ? '' : ' (skipped: no vendor documents)'}`, () => {
  it('a conforming exchange has no findings', () => {
    const [result] = endpointResults('8.0', [group(14)], documents, []);
    expect(result?.endpoint).toEqual({ method: 'GET', path: '/maps/rest/api/{version}/group/{id}' });
    expect(result?.failures).toEqual([]);
    expect(conformanceCheckId('planning', result!.endpoint)).toBe('conformance.planning.get-maps-rest-api-version-group-id');
  });

  it('a response body against its schema fails on the response side, with the pointer', () => {
    const [result] = endpointResults('8.0', [group('14')], documents, []);
    expect(result?.failures).toHaveLength(1);
    const line = describeFinding(result!.failures[0]!);
    expect(line).toBe('GET /maps/rest/api/v1.0/group/14 → 200: response /body/id: must be integer, got "14" [by planning.crafted]');
  });

  it('a request without a required query parameter fails on the request side', () => {
    const exchange: RecordedExchange = { check: 'planning.crafted', method: 'GET', path: '/maps/rest/api/v1.0/dimension/node-allchildren/7001', status: 200 };
    const [result] = endpointResults('8.0', [exchange], documents, []);
    expect(result?.failures.map((finding) => `${finding.violation.side} ${finding.violation.pointer}`)).toEqual(['request /query/dimensionids']);
  });

  it('a path parameter of the wrong type fails', () => {
    const exchange: RecordedExchange = { check: 'planning.crafted', method: 'GET', path: '/maps/rest/api/v1.0/usergroups/user/3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', status: 200 };
    const [result] = endpointResults('8.0', [exchange], documents, []);
    expect(result?.failures.map((finding) => finding.violation.pointer)).toContain('/path/userId');
  });

  it('a status the operation does not document fails on the response side', () => {
    const [result] = endpointResults('8.0', [{ ...group(14), status: 418 }], documents, []);
    expect(result?.failures.map((finding) => `${finding.violation.side} ${finding.violation.pointer}`)).toEqual(['response /status']);
  });

  it('a body sent to an operation that documents none fails', () => {
    const exchange: RecordedExchange = { check: 'planning.crafted', method: 'GET', path: '/maps/rest/api/v1.0/group/14', requestContentType: 'application/json', requestBody: '{"ids":[1]}', status: 200, responseContentType: 'application/json', responseBody: '{"id":14}' };
    const [result] = endpointResults('8.0', [exchange], documents, []);
    expect(result?.failures.map((finding) => `${finding.violation.side} ${finding.violation.pointer}`)).toEqual(['request /body']);
  });

  it('a violation a departure row covers is an observation, not a failure', () => {
    const row: Departure = { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/group/{id}', versions: ['8.0'], side: 'response', pointer: '/body/id', spec: '§2', document: 'maps-api-8.0.1.0.json', why: 'test' };
    const [result] = endpointResults('8.0', [group('14')], documents, [row]);
    expect(result?.failures).toEqual([]);
    expect(result?.departures.map((finding) => finding.departure)).toEqual([row]);
    // The row holds for 8.0 only.
    const [on74] = endpointResults('7.4', [group('14')], documents, [row]);
    expect(on74?.failures).toHaveLength(1);
  });

  it('a request the document rejects and the target refused (4xx) is a warning', () => {
    const exchange: RecordedExchange = { check: 'planning.crafted', method: 'GET', path: '/maps/rest/api/v1.0/usergroups/user/not-a-number', status: 404 };
    const [result] = endpointResults('8.0', [exchange], documents, []);
    expect(result?.failures.filter((finding) => finding.violation.side === 'request')).toEqual([]);
    expect(result?.warnings.map((finding) => finding.violation.pointer)).toContain('/path/userId');
  });

  it('a path the document lacks fails unless the target answered that it is absent', () => {
    const served: RecordedExchange = { check: 'planning.crafted', method: 'GET', path: '/maps/rest/api/v1.0/no-such-thing/1', status: 200 };
    const absent: RecordedExchange = { ...served, status: 404 };
    expect(endpointResults('8.0', [absent], documents, [])).toEqual([]);
    const [result] = endpointResults('8.0', [served], documents, []);
    expect(result?.failures[0]?.violation.message).toMatch(/maps-api-8\.0\.1\.0\.json has no operation GET/);
  });

  it('an exchange of a module without a document is kept, unjudged, for a skip with the reason', () => {
    const exchange: RecordedExchange = { check: 'shop.crafted', method: 'POST', path: '/shop/api/rest/v1.0/search/advanced', status: 200 };
    const [result] = endpointResults('8.0', [exchange], documents, []);
    expect(result?.document).toBeUndefined();
    expect(result?.failures).toEqual([]);
  });
});
