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
const rm75 = 'reviewmanager-api-7.5.1.0.json';
const rm80 = 'reviewmanager-api-8.0.1.0.json';

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

  // Parameters, fields and statuses the spec states where the vendor's documents lack or differ (spec §2, §4.2, §4.5).
  { module: 'job', method: 'GET', path: '/dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}', versions: ['8.0'], side: 'request', pointer: '/query/includeHistory', spec: '§4.2', document: job80, why: 'the spec adds the query parameter includeHistory in 8.0; the vendor document does not list it' },
  { module: 'job', method: 'DELETE', path: '/dse/rest/v1.0/jobs/{ordinalNumber}/grids/{variableInstanceId}/rows/{rowId}', versions: ['7.4'], side: 'request', pointer: '/query/rowIds', spec: '§4.2', document: job74, why: "the spec's bulk grid-row delete (…/rows/_delete) is not in the vendor document, so neither is its selection; the row ids go in the query (rowIds) because the vendor documents the grid-row DELETEs without a body" },
  { module: 'review', method: 'POST', path: '/rm/rest/v1.0/reviews/_create-review-object', versions: ['7.4'], side: 'request', pointer: '/body/flagCreateJmsComment', spec: '§2', document: rm75, why: "the spec renames flagCreateJmsCommentfield to flagCreateJmsComment in 8.0; the 7.5 document that stands in for 7.4 already requires the new name, which a 7.4 client does not send" },
  { module: 'review', method: 'GET', path: '/rm/rest/v1.0/util/reviews/{id}/_get-general-info', versions: ['7.4'], side: 'response', pointer: '/status', spec: '§4.5', document: rm75, why: 'the spec requires REVIEW_MANAGER_MODULE_ACCESS in 7.4, so a user without it gets 403; the vendor document lists 200 and 404 only' },

  { module: 'job', method: 'POST', path: '/dse/rest/v1.0/jobs/_search', versions: ['8.0'], side: 'response', pointer: '/status', spec: '§9.3', document: job80, why: 'a numeric id in userIdUUID is no longer usable in 8.0 (spec §9.3), so the search refuses it with 400; the vendor document lists 200 and 404 only' },
  { module: 'job', method: 'DELETE', path: '/dse/rest/v1/dse-object/{instanceId}/{l10nLocaleId}/participants/{userUUID}', versions: ['8.0'], side: 'response', pointer: '/status', spec: '§4.2, §9.3', document: job80, why: 'userUUID is a UUID (spec §4.2) and numeric ids are no longer usable (§9.3), so a numeric one is refused with 400; the vendor document lists 204, 404 and 409 only' },

  // Bodies whose vendor schema contradicts the same document's description and example; the spec does not show them.
  { module: 'media', method: 'GET', path: '/rest/mp/v1.0/asset-attributes/{id}/nodes', versions: ['7.4', '8.0'], side: 'response', pointer: '/body', spec: '§4.4', document: `${media74}, ${media80}`, why: "the vendor's description and example answer a flat JSON array of nodes (\"Retrieves all nodes as flat list\"), its schema a single AssetAttributeNodeRestDto; the spec changes only the parameters, and the simulator and the checks follow the description" },
  { module: 'review', method: 'GET', path: '/rm/rest/v1.0/reviews/{id}/iterations', versions: ['7.4', '8.0'], side: 'response', pointer: '/body', spec: '§2', document: `${rm75}, ${rm80}`, why: "the vendor's description and example answer a JSON array of iterations, its schema a single ReviewIterationExtendedDto; the spec's ParticipantExtendedDto and approval records are read from its items, following the description" },
  // The spec's ReviewObjectReactUIDto (§2) comes from no endpoint that the spec or the vendor names.
  specOnly('review', 'GET', '/rm/rest/v1.0/reviews/{id}/react-ui', ['8.0'], '§2', rm80, "the spec states ReviewObjectReactUIDto.approvedWithChangesEnabled, but neither the spec nor the vendor document names the endpoint that answers it; the suite reads it at the simulator's stand-in path"),

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
  { module: 'media', method: 'GET', path: '/rest/mp/v1.0/archive-entries/asset/{assetId}', versions: ['8.0'], side: 'response', pointer: '', spec: '§4.4', document: media80, why: 'the spec lists the archive entries of an asset as removed/deprecated in 8.0; the vendor document keeps them, deprecated, so an 8.0 target that answers 404 keeps the spec as well as one that serves them' },
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

  // Refusals the checks provoke on purpose, with the status the standards the spec cites give; the vendor documents none.
  { module: 'job', method: 'GET', path: '/dse/rest/v1.0/dashboards/my-active', versions: ['7.4', '8.0'], side: 'response', pointer: '/status', spec: '§5.6, §7 (RFC 6750 §3.1)', document: `${job74}, ${job80}`, why: "the auth suites call my-active without a token and with a garbage one; RFC 6750 §3.1 answers a missing or invalid token with 401, a status the vendor's document does not list" },
  { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/group/{id}', versions: ['7.4', '8.0'], side: 'response', pointer: '/status', spec: '§4.3 (RFC 9110 §15.5.5)', document: `${maps74}, ${maps80}`, why: "the group-delete check reads the group it has just deleted; a resource that is gone is 404 (RFC 9110 §15.5.5), a status the vendor's document does not list" },
  { module: 'planning', method: 'GET', path: '/maps/rest/api/{version}/view/{viewId}', versions: ['8.0'], side: 'response', pointer: '/status', spec: '§4.3 (RFC 9110 §15.5.5)', document: maps80, why: "the view-update check removes the scratch view it created and reads it once more to confirm; a resource that is gone is 404 (RFC 9110 §15.5.5), a status the vendor's document does not list" },
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
