/**
 * A module finding that the vendor's document of the target's version
 * explains is labelled with it: the operation is absent there, it is at
 * another path (version segment, parameter name), or the request's value is
 * not in the document's enum. What the document does not explain (a 404 on
 * an operation it has, a refusal of values it allows, a success) is left
 * unlabelled. The documents are small ones written from the vendor's facts
 * (_vendor-shaped-documents.ts), read from a folder as OPENAPI_DIR is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentValidator } from '../../src/conformance/document-validator.ts';
import type { RecordedExchange } from '../../src/conformance/recorded-exchange.ts';
import { agreementOnAbsence, agreementOnBody, agreementOnRefusal } from '../../src/conformance/vendor-agreement.ts';
import { loadVendorDocument, type VendorDocument } from '../../src/conformance/vendor-documents.ts';
import { vendorShapedFolder } from './_vendor-shaped-documents.ts';

let media: VendorDocument;
let job: VendorDocument;
let maps: VendorDocument;

beforeAll(async () => {
  const dir = await vendorShapedFolder();
  const loaded = [loadVendorDocument(dir, 'media', '8.0'), loadVendorDocument(dir, 'job', '8.0'), loadVendorDocument(dir, 'planning', '8.0')];
  if (loaded[0] === undefined || loaded[1] === undefined || loaded[2] === undefined) throw new Error('the vendor-shaped documents were not found');
  [media, job, maps] = [loaded[0], loaded[1], loaded[2]];
});

const feeAnswer = (body: unknown): RecordedExchange => ({
  check: 'crafted',
  method: 'GET',
  path: '/maps/rest/api/v1.0/fee?query=PERCENT',
  status: 200,
  responseContentType: 'application/json',
  responseBody: JSON.stringify(body),
});

const exchange = (method: string, path: string, status: number, body?: unknown): RecordedExchange => ({
  check: 'crafted',
  method,
  path,
  status,
  ...(body !== undefined && { requestContentType: 'application/json', requestBody: JSON.stringify(body) }),
});

describe("the vendor's document explains a finding", () => {
  it('an operation the document lacks (405): absent there, named as the spec names it, with what the path fits instead', () => {
    const agreement = agreementOnAbsence(media, exchange('GET', '/rest/mp/v1.1/ai-tagging/configurations', 405));
    expect(agreement).toEqual({
      kind: 'operation absent',
      document: 'mediapool-api-8.0.1.0.json',
      version: '8.0',
      subject: 'GET /rest/mp/v1.1/ai-tagging/configurations',
      // `configurations` fits the template of the POST that forces an asset's tagging: named with its template.
      text: "the vendor's 8.0 document agrees with the target: it has no GET /rest/mp/v1.1/ai-tagging/configurations; at that path it has only POST /rest/mp/v1.1/ai-tagging/{assetId} (mediapool-api-8.0.1.0.json)",
    });
  });

  it('an operation the document has at another version segment (404): the replacement is named', () => {
    const agreement = agreementOnAbsence(media, exchange('POST', '/rest/mp/v1.1/webhooks', 404));
    expect(agreement?.kind).toBe('at another path');
    expect(agreement?.subject).toBe('POST /rest/mp/v1.2/webhooks');
    expect(agreement?.text).toBe("the vendor's 8.0 document agrees with the target: it has no POST /rest/mp/v1.1/webhooks, but has POST /rest/mp/v1.2/webhooks (mediapool-api-8.0.1.0.json)");
  });

  it('an operation the document has at another version and parameter name: each of its templates is named', () => {
    const agreement = agreementOnAbsence(media, exchange('GET', '/rest/mp/v1.2/virtual-databases/11/workflow-steps', 404));
    expect(agreement?.kind).toBe('at another path');
    expect(agreement?.subject).toBe('GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps, GET /rest/mp/v1.1/virtual-databases/{vdbUuid}/workflow-steps');
    expect(agreement?.text).toContain('it has no GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps, but has');
  });

  it("a value the document's enum lacks, refused (422): the schema, its values and the value sent", async () => {
    const agreement = await agreementOnRefusal(job, () => DocumentValidator.create(job), exchange('POST', '/dse/rest/v1.0/jobs/_search', 422, { states: ['ACTIVE', 'PENDING'] }));
    expect(agreement?.kind).toBe('value not in enum');
    expect(agreement?.subject).toBe('schema DseObjectState');
    expect(agreement?.text).toBe(
      'the vendor\'s 8.0 document agrees with the target: POST /dse/rest/v1.0/jobs/_search takes `states` from schema DseObjectState ("ACTIVE", "CANCELED", "DELETED", "FINISHED"), which has no "PENDING" (jobmanager-api-8.0.1.0.json)',
    );
  });
});

describe("a body the spec's schema rejects and the vendor's schema keeps", () => {
  it('names the vendor schema and what the spec schema found', async () => {
    const agreement = await agreementOnBody(maps, () => DocumentValidator.create(maps), feeAnswer({ content: [{ id: 7, name: 'Agency fee', type: 'PERCENT' }], totalElements: 1 }));
    expect(agreement?.kind).toBe('body as documented');
    expect(agreement?.subject).toBe('schema FeePageDTO');
    expect(agreement?.text).toBe(
      "the vendor's 8.0 document agrees with the target: the 200 body of GET /maps/rest/api/{version}/fee keeps the document's schema FeePageDTO, where the spec's schema 8.0/fee-list finds /fees: expected a value (required property), got nothing (maps-api-8.0.1.0.json)",
    );
  });

  it('is not labelled when the spec schema keeps the body, or the vendor schema does not', async () => {
    const validator = (): Promise<DocumentValidator> => DocumentValidator.create(maps);
    expect(await agreementOnBody(maps, validator, feeAnswer({ fees: [{ type: 'PERCENT', amount: 2.5 }] }))).toBeUndefined();
    expect(await agreementOnBody(maps, validator, feeAnswer({ content: [{ id: 'seven', type: 'PERCENT' }] }))).toBeUndefined();
  });
});

describe('what the document does not explain stays unlabelled', () => {
  const vectors: readonly { name: string; vendor: () => VendorDocument; exchange: RecordedExchange }[] = [
    { name: 'a 404 on an operation the document has (an entity that is not there)', vendor: () => media, exchange: exchange('GET', '/rest/mp/v1.1/assets/0', 404) },
    { name: 'a 2xx', vendor: () => media, exchange: exchange('GET', '/rest/mp/v1.1/ai-tagging/configurations', 200) },
    { name: 'a refusal of the token (403)', vendor: () => media, exchange: exchange('GET', '/rest/mp/v1.1/ai-tagging/configurations', 403) },
  ];
  for (const vector of vectors) {
    it(vector.name, () => {
      expect(agreementOnAbsence(vector.vendor(), vector.exchange)).toBeUndefined();
    });
  }

  it('a refusal of values the enum has', async () => {
    const refused = exchange('POST', '/dse/rest/v1.0/jobs/_search', 422, { states: ['ACTIVE'] });
    expect(await agreementOnRefusal(job, () => DocumentValidator.create(job), refused)).toBeUndefined();
  });

  it('a refusal about the route or the token is not about a value: the validator is not even built', async () => {
    const built: string[] = [];
    const validator = (): Promise<DocumentValidator> => {
      built.push('built');
      return DocumentValidator.create(job);
    };
    for (const status of [401, 403, 404, 405, 500]) {
      expect(await agreementOnRefusal(job, validator, exchange('POST', '/dse/rest/v1.0/jobs/_search', status, { states: ['PENDING'] }))).toBeUndefined();
    }
    expect(built).toEqual([]);
  });
});
