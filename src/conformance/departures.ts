/**
 * Where the spec and the vendor's documents disagree, the spec rules
 * (DESIGN.md "Two references nobody here wrote"). Each row is one such
 * place: a violation it covers is reported as an observation, never as a
 * failure. The migration report prints this table.
 *
 * To add a row: module, method and path as the vendor document writes them
 * (`{version}` and all), the versions it holds for, the side, the JSON
 * pointer the conformance check reports (`/query/<name>`, `/path/<name>`,
 * `/body/…`, `/status`; `*` stands for one segment, such as an array index;
 * deeper pointers are covered too, and an empty pointer covers the whole side),
 * the spec section that rules, the vendor document, and why.
 */
import type { CatalogModule, HttpMethod } from '../catalog/types.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { ExchangeSide, Violation } from './violation.ts';
import { templateMatches } from './path-template.ts';

export interface Departure {
  readonly module: CatalogModule;
  readonly method: HttpMethod;
  readonly path: string;
  readonly versions: readonly PlatformVersion[];
  readonly side: ExchangeSide;
  readonly pointer: string;
  readonly spec: string;
  readonly document: string;
  readonly why: string;
}

const job74 = 'jobmanager-api-7.4.2.0.json';
const job80 = 'jobmanager-api-8.0.1.0.json';
const maps74 = 'maps-api-7.4.2.0.json';
const maps80 = 'maps-api-8.0.1.0.json';
const media74 = 'mediapool-api-7.4.1.0.json';
const media80 = 'mediapool-api-8.0.1.0.json';
const wp74 = 'web-to-publish-api-7.4.1.0.json';

/** The spec lists the endpoint as added in 8.0; the vendor's 7.4 document already has it. A 7.4 target answering 404 keeps the spec. */
function addedIn80(module: CatalogModule, method: HttpMethod, path: string, spec: string, document: string): Departure {
  return { module, method, path, versions: ['7.4'], side: 'response', pointer: '', spec, document, why: `the spec lists ${method} ${path} as added in 8.0; the vendor's 7.4 document already has it, so a 7.4 target that answers 404/405 keeps the spec` };
}

/** The spec names an endpoint the vendor's document does not have (or has under another path): the request follows the spec. */
function specOnly(module: CatalogModule, method: HttpMethod, path: string, versions: readonly PlatformVersion[], spec: string, document: string, why: string): Departure {
  return { module, method, path, versions, side: 'request', pointer: '', spec, document, why };
}

export const departures: readonly Departure[] = [
  // Values and types the spec states (spec §2, §3) where the vendor's schemas say otherwise.
  { module: 'job', method: 'POST', path: '/dse/rest/v1.0/jobs/_search', versions: ['7.4'], side: 'request', pointer: '/body/states', spec: '§2, §3', document: job74, why: 'the spec lists PENDING among the job search states; the vendor enum lacks it' },
  { module: 'job', method: 'POST', path: '/dse/rest/v1.0/jobs/_search', versions: ['8.0'], side: 'request', pointer: '/body/states', spec: '§2, §3', document: job80, why: 'the spec lists PENDING among the job search states; the vendor enum lacks it' },
  { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/group', versions: ['8.0'], side: 'response', pointer: '/body/*/id', spec: '§2', document: maps80, why: 'the spec types the planning group id as a string; the vendor as an integer' },
  { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/group/{id}', versions: ['7.4', '8.0'], side: 'response', pointer: '/body/id', spec: '§2', document: `${maps74}, ${maps80}`, why: 'the spec types the planning group id as a string; the vendor as an integer' },
  { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/group/node/{nodeId}', versions: ['7.4', '8.0'], side: 'response', pointer: '/body/*/id', spec: '§2', document: `${maps74}, ${maps80}`, why: 'the spec types the planning group id as a string; the vendor as an integer' },
  { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/view/lastused/user/{userId}', versions: ['8.0'], side: 'response', pointer: '/body/groups/*/id', spec: '§2', document: maps80, why: "the spec types the planning group id as a string; the vendor's view groups carry integers" },
  { module: 'planning', method: 'POST', path: '/maps/rest/api/{version}/node/{nodeId}/copy/{parentId}', versions: ['7.4', '8.0'], side: 'request', pointer: '/body/filteredIds', spec: '§2, §4.3', document: `${maps74}, ${maps80}`, why: 'the spec types filteredIds as an array of strings; the vendor as integers' },

  // Endpoints the spec lists as added in 8.0 that the vendor's 7.4 documents already have (spec §4.2–§4.6).
  addedIn80('job', 'GET', '/dse/rest/{version}/assets/{assetId}/jobs', '§4.2', job74),
  addedIn80('job', 'GET', '/dse/rest/{version}/assets/{assetId}/products', '§4.2', job74),
  addedIn80('planning', 'GET', '/maps/rest/api/{version}/dimension/node-allchildren/{nodeId}', '§4.3', maps74),
  addedIn80('planning', 'GET', '/maps/rest/api/{version}/fee', '§4.3', maps74),
  addedIn80('planning', 'GET', '/maps/rest/api/{version}/group', '§4.3', maps74),
  addedIn80('planning', 'GET', '/maps/rest/api/{version}/view/lastused/user/{userId}', '§4.3', maps74),
  addedIn80('planning', 'GET', '/maps/rest/api/{version}/task/node-allchildren/{nodeId}', '§4.3', maps74),
  addedIn80('planning', 'GET', '/maps/rest/api/{version}/node/allchildren/{nodeId}', '§4.3', maps74),
  addedIn80('media', 'GET', '/rest/mp/v1.1/ai-tagging', '§4.4', media74),
  addedIn80('media', 'POST', '/rest/mp/v1.1/ai-tagging', '§4.4', media74),
  addedIn80('templateBuilder', 'GET', '/wp/rest/templates/{id}/boxes', '§4.6', wp74),
  addedIn80('templateBuilder', 'GET', '/wp/rest/templates/{id}/renderers', '§4.6', wp74),

  // Endpoints the spec lists as removed in 8.0 that the vendor's 8.0 documents still have.
  { module: 'media', method: 'GET', path: '/rest/mp/v1.0/archive-entries/asset/{assetId}', versions: ['8.0'], side: 'response', pointer: '', spec: '§4.4', document: media80, why: 'the spec lists the archive entries of an asset as removed in 8.0; the vendor document still has them, so an 8.0 target that answers 404 keeps the spec' },
  { module: 'job', method: 'DELETE', path: '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/{rowId}', versions: ['8.0'], side: 'response', pointer: '', spec: '§4.2', document: job80, why: 'the spec lists the bulk grid-row delete (…/rows/_delete) as removed in 8.0; the vendor document reads the path as a single-row delete, so an 8.0 target that answers 404 keeps the spec' },
  { module: 'job', method: 'DELETE', path: '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/{rowId}', versions: ['7.4', '8.0'], side: 'request', pointer: '/path/rowId', spec: '§4.2', document: `${job74}, ${job80}`, why: 'the spec names the bulk grid-row delete …/rows/_delete; the vendor documents no such path and reads _delete as an integer row id' },

  // Endpoints the spec names that the vendor's documents lack (spec §4.4, §6, §9.4).
  specOnly('media', 'GET', '/rest/mp/v1.1/assets/{assetId}', ['7.4', '8.0'], '§4.4', `${media74}, ${media80}`, 'the spec lists GET /rest/mp/v1.1/assets/{assetId} (changed in 8.0: assetSets); the vendor documents only its sub-resources'),
  specOnly('media', 'POST', '/rest/mp/v1.1/webhooks', ['7.4', '8.0'], '§4.4, §6', `${media74}, ${media80}`, 'the spec names the webhook creation endpoint at v1.1; the vendor documents it at v1.2'),
  specOnly('media', 'GET', '/rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps', ['8.0'], '§4.4, §9.4', media80, 'the spec names v1.2 as the replacement of the v1.1 workflow steps; the vendor document has no v1.2 path'),
  ...(
    [
      ['GET', '/rest/mp/v1.1/ai-tagging/asset/{assetId}'],
      ['POST', '/rest/mp/v1.1/ai-tagging/asset/{assetId}'],
      ['GET', '/rest/mp/v1.1/ai-tagging/configurations'],
      ['POST', '/rest/mp/v1.1/ai-tagging/configurations/{configurationId}'],
      ['DELETE', '/rest/mp/v1.1/ai-tagging/configurations/{configurationId}'],
      ['GET', '/rest/mp/v1.1/ai-tagging/providers'],
      ['POST', '/rest/mp/v1.1/ai-tagging/providers/{providerId}'],
      ['DELETE', '/rest/mp/v1.1/ai-tagging/providers/{providerId}'],
      ['GET', '/rest/mp/v1.1/ai-tagging/statistics'],
      ['POST', '/rest/mp/v1.1/ai-tagging/statistics/reset'],
    ] as const
  ).map(([method, path]) => specOnly('media', method, path, ['8.0'], '§4.4', media80, `the spec lists ${method} ${path} as added in 8.0; the vendor document has no such operation`)),
];

export interface DepartureContext {
  readonly module: CatalogModule;
  readonly version: PlatformVersion;
  readonly method: string;
  /** The path template of the vendor document's operation. */
  readonly path: string;
}

/** The row that covers a violation, if one does. */
export function coveringDeparture(violation: Violation, context: DepartureContext, table: readonly Departure[] = departures): Departure | undefined {
  return table.find(
    (row) =>
      row.module === context.module &&
      row.method === context.method &&
      (row.path === context.path || templateMatches(row.path, context.path)) &&
      row.versions.includes(context.version) &&
      row.side === violation.side &&
      pointerCovers(row.pointer, violation.pointer),
  );
}

/** `/body/*\/id` covers `/body/3/id` and `/body/3/id/x`; `*` is one segment. */
export function pointerCovers(pattern: string, pointer: string): boolean {
  const want = pattern.split('/');
  const got = pointer.split('/');
  if (got.length < want.length) return false;
  return want.every((segment, index) => segment === '*' || segment === got[index]);
}
