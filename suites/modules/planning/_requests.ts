/**
 * How the lifecycle checks call each planning endpoint of the catalog (spec
 * §4.3): the new request fields (`uid`, `filteredIds`) and query parameters
 * (`query`, `includes`) are sent where the target's version has the change,
 * and what a call creates is deleted again.
 *
 * Calls that replace existing data (group update and delete, view update,
 * user group memberships) cannot be undone here: a recipe does not see the
 * data before the call. They say so in `irreversible`; the embedded
 * platform is fresh per run.
 */
import { randomUUID } from 'node:crypto';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { planningPath } from '../../../src/api/modules/planning.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { entryById, expectedVerdict, type CatalogEntryId } from '../../../src/catalog/index.ts';
import { suiteMarker } from '../../../src/fixtures/discovery-types.ts';
import type { ModuleRecipes } from '../_requests.ts';

/** A name for what a check creates: the suite marker first, so discovery never picks it and a reader knows whose it is. */
export function scratchName(what: string): string {
  return `${suiteMarker} ${what} ${randomUUID().slice(0, 8)}`;
}

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

/** The id of what a create call answered with (`id`, or the vendor's `viewId`), as a path value. */
export function createdId(response: HttpResponse): string | undefined {
  const body = response.json();
  if (typeof body !== 'object' || body === null) return undefined;
  const id = 'id' in body ? body.id : 'viewId' in body ? body.viewId : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** DELETE of what a create call made; the path names it by `{id}`. */
function deleteCreated(path: string): (api: PlatformApi, response: HttpResponse) => Promise<void> {
  return async (api, response) => {
    const id = createdId(response);
    if (id !== undefined) await api.call({ method: 'DELETE', path: planningPath(path), pathParams: { id } });
  };
}

const groupDelete = entryById('planning.group-delete');

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
  // spec §4.3: uid is optional on update. Only uid is sent (7.4: nothing), so the group keeps its name.
  'planning.group-update': {
    body: ({ version }) => newRequestFields('planning.group-update', version, { uid: randomUUID() }),
    irreversible: 'the uid the group had before the update is not known to the recipe, so it cannot be put back (7.4 sends an empty update)',
  },
  'planning.group-delete': {
    irreversible: 'deletes the discovered group; a group created again gets a new id and none of its assignments',
  },
  // spec §2, §4.3: filteredIds is an array of strings. The node itself is its only entry, so the copy stays one node;
  // shrinkChild fits the copy into the parent's dates instead of widening the parent (vendor document).
  'planning.node-copy': {
    query: () => ({ resizeType: 'shrinkChild' }),
    body: ({ version, fixtures }) => ({ ...copyFlags, ...newRequestFields('planning.node-copy', version, { filteredIds: [fixtures.planningNodeId ?? ''] }) }),
    cleanup: deleteCreated('/node/{id}'),
  },
  // Replaces the user's memberships with none.
  'planning.usergroups-user-update': {
    body: () => [],
    irreversible: "replaces the user's group memberships with none; the memberships before the call are not known to the recipe",
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
  // A private view: only its creator sees it. useSimpleQuery is the one field the vendor requires.
  'planning.view-create': {
    body: () => ({ viewName: scratchName('view'), accessType: 'PRIVATE_ACCESS', query: '', useSimpleQuery: true, showChildren: true }),
    cleanup: deleteCreated('/view/{id}'),
  },
  'planning.view-update': {
    body: () => ({ useSimpleQuery: true }),
    irreversible: "the view's fields before the update are not known to the recipe; the update may also make it the caller's last used view",
  },
  // An empty list names no dimension, so no value changes; the additional node metadata of 8.0 is sent by the
  // dimension-node-metadata check, which reads the node's values first and puts them back.
  'planning.dimension-node-update': {
    body: () => [],
    irreversible: "should the platform read an empty list as 'remove every value' (the vendor's wording allows it), the node's values are gone; the recipe does not see them before the call",
  },
};
