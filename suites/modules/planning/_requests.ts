/**
 * How the lifecycle checks call each planning endpoint of the catalog (spec
 * §4.3): the new request fields (`uid`, `filteredIds`) and query parameters
 * (`query`, `includes`) are sent where the target's version has the change,
 * and what a call creates is deleted again.
 *
 * Calls that change or delete existing data act on what the run creates
 * itself, or on values read first and put back (`prepare`, ./_scratch.ts):
 * a run leaves the target's groups, memberships and views as it found them.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { planningPath } from '../../../src/api/modules/planning.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { entryById, expectedVerdict, type CatalogEntryId } from '../../../src/catalog/index.ts';
import type { ModuleRecipes } from '../_requests.ts';
import { prepareDimensionNodeUpdate } from './_dimension-values.ts';
import { createdId, prepareGroupDelete, prepareGroupUpdate, prepareUserGroupsUpdate, prepareViewUpdate, scratchName } from './_scratch.ts';

export { createdId, scratchName };

/**
 * The request fields the catalog lists as new for an entry (spec §4.3),
 * where the version shows the entry's change; none on a version that
 * predates it. Only fields the catalog names are sent.
 */
export function newRequestFields(entryId: CatalogEntryId, version: PlatformVersion, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const entry = entryById(entryId);
  if (expectedVerdict(entry, version) === 'unchanged') return {};
  const named = entry.newFields?.request ?? [];
  return Object.fromEntries(Object.entries(values).filter(([field]) => named.includes(field)));
}

/**
 * The entry's new query parameters where the version shows the entry (spec
 * §4.3), none on a version that predates it: a 7.4 probe of an endpoint 8.0
 * adds sends what a 7.4 client would (vendor 7.4 documents have no such
 * parameters).
 */
function newQuery(entryId: CatalogEntryId, version: PlatformVersion, values: Readonly<Record<string, string>>): Record<string, string> {
  const entry = entryById(entryId);
  const verdict = expectedVerdict(entry, version);
  return verdict === 'unchanged' || verdict === 'absent' ? {} : { ...values };
}

/** DELETE of what a create call made; the path names it by `{id}`. */
function deleteCreated(path: string): (api: PlatformApi, response: HttpResponse) => Promise<void> {
  return async (api, response) => {
    const id = createdId(response);
    if (id !== undefined) await api.call({ method: 'DELETE', path: planningPath(path), pathParams: { id } });
  };
}

const groupDelete = entryById('planning.group-delete');

/** A private view: only its creator sees it. useSimpleQuery is the one field the vendor requires. */
const scratchView = (): Record<string, unknown> => ({ viewName: scratchName('view'), accessType: 'PRIVATE_ACCESS', query: '', useSimpleQuery: true, showChildren: true });

/** The vendor's NodeCopyRequest requires every copy flag; false keeps the copy to the node itself. */
const copyFlags = Object.fromEntries(
  ['Timelines', 'Tasks', 'Markers', 'Attachments', 'Invoices', 'SunkCosts', 'Budgets', 'SunkCostBills', 'PlanTarget', 'Dimensions', 'Kpis', 'GeneralInfo', 'Fees'].map((part) => [`copy${part}`, false]),
);

export const planningRequests: ModuleRecipes<'planning'> = {
  // spec §2, §4.3: uid is optional on create and present in the response.
  'planning.group-create': {
    body: ({ version }) => ({ name: scratchName('group'), inherit: false, ...newRequestFields('planning.group-create', version, { uid: randomUUID() }) }),
    cleanup: async (api, response) => {
      const id = createdId(response);
      if (id !== undefined) await api.call({ method: 'DELETE', path: groupDelete.path, pathParams: { id } });
    },
  },
  // spec §4.3: uid is optional on update. Only uid is sent (7.4: nothing), to a scratch group the check deletes again.
  'planning.group-update': {
    body: ({ version }) => newRequestFields('planning.group-update', version, { uid: randomUUID() }),
    provides: ['planningGroupId'],
    prepare: (api) => prepareGroupUpdate(api),
  },
  // A scratch group: a deleted group cannot be made again (a new one gets a new id and none of its assignments).
  'planning.group-delete': {
    provides: ['planningGroupId'],
    prepare: (api) => prepareGroupDelete(api),
  },
  // spec §2, §4.3: filteredIds is an array of strings. The node itself is its only entry, so the copy stays one node;
  // shrinkChild fits the copy into the parent's dates instead of widening the parent (vendor document).
  'planning.node-copy': {
    query: () => ({ resizeType: 'shrinkChild' }),
    body: ({ version, fixtures }) => ({ ...copyFlags, ...newRequestFields('planning.node-copy', version, { filteredIds: [fixtures.planningNodeId ?? ''] }) }),
    cleanup: deleteCreated('/node/{id}'),
  },
  // Replaces the user's memberships: those read first plus one in a scratch group; put back afterwards.
  'planning.usergroups-user-update': {
    prepare: prepareUserGroupsUpdate,
  },
  // The vendor requires `dimensionids` (spec §4.3 is silent on parameters): every dimension, so nothing is left out.
  'planning.dimension-node-allchildren': {
    fixtures: ['planningDimensionIds'],
    query: ({ fixtures }) => ({ dimensionids: fixtures.planningDimensionIds ?? '' }),
  },
  // spec §4.3: new query parameter `query`.
  'planning.fee-list': {
    query: ({ version }) => newQuery('planning.fee-list', version, { query: 'fee' }),
  },
  // spec §4.3: new query parameter `includes`; `filterSort` and `groups` are the values the vendor's document names.
  'planning.view-lastused': {
    query: ({ version }) => newQuery('planning.view-lastused', version, { includes: 'filterSort,groups' }),
  },
  'planning.view-get': {
    query: ({ version }) => newQuery('planning.view-get', version, { includes: 'filterSort,groups' }),
  },
  'planning.view-create': {
    body: scratchView,
    cleanup: deleteCreated('/view/{id}'),
  },
  // A scratch view (8.0), deleted again; on 7.4, where POST /view is absent too, the probe names a made-up view.
  'planning.view-update': {
    body: () => ({ useSimpleQuery: true }),
    provides: ['viewId'],
    prepare: (api, input) => prepareViewUpdate(api, input, scratchView()),
  },
  // An empty list names no dimension, so no value changes; the additional node metadata of 8.0 is sent by the
  // dimension-node-metadata check, which reads the node's values first and puts them back.
  // Should the platform read an empty list as 'remove every value' (the vendor's wording allows it), the values read
  // first are put back.
  'planning.dimension-node-update': {
    body: () => [],
    prepare: prepareDimensionNodeUpdate,
  },
};
