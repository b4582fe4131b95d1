/**
 * How the lifecycle checks call the job endpoints of spec §4.2: the new
 * parameters sent on 8.0 (`sort`, `includeHistory`), the paging parameters
 * of the paginated lists, and participant calls that leave the job as found.
 *
 * The participant fixtures are a job with exactly one participant and that
 * participant (src/fixtures/discovery/job.ts): PATCH and PUT with that one
 * UUID change nothing, and the DELETE puts the participant back afterwards.
 * The job's history still records those changes; the history is a log,
 * which no client can edit.
 */
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import type { PlatformVersion } from '../../../src/profile/versions.ts';
import { entryById, expectedVerdict, type CatalogEntryId } from '../../../src/catalog/index.ts';
import type { RecipeInput, ModuleRecipes } from '../_requests.ts';

/** PATCH …/participants, the call that puts a removed participant back. */
const participantsAdd = entryById('job.participants-add');

/** The job's sole participant as the body of PUT and PATCH: a JSON array of user UUIDs (spec §4.2). */
function soleParticipant({ fixtures }: RecipeInput): string[] {
  return fixtures.userUuid === undefined ? [] : [fixtures.userUuid];
}

/** Puts the participant a DELETE removed back (PATCH adds without replacing, spec §4.2). */
async function readdParticipant(api: PlatformApi, _response: HttpResponse, input: RecipeInput): Promise<void> {
  const { jobInstanceId, locale } = input.fixtures;
  if (jobInstanceId === undefined || locale === undefined) return;
  const restored = await api.call({
    method: participantsAdd.method,
    path: participantsAdd.path,
    pathParams: { instanceId: jobInstanceId, l10nLocaleId: locale },
    json: soleParticipant(input),
  });
  if (restored.status >= 300) {
    throw new Error(`cleanup failed: ${participantsAdd.method} ${participantsAdd.path} answered ${restored.status}; job ${jobInstanceId} lost participant ${input.fixtures.userUuid ?? ''}`);
  }
}

type QueryValues = Readonly<Record<string, string | number | boolean>>;

/**
 * The values of the entry's new query parameters (catalog `newParameters`)
 * on a version that has the change, none on one that does not (7.4).
 */
function newParameters(entryId: CatalogEntryId, version: PlatformVersion, values: QueryValues): QueryValues {
  const entry = entryById(entryId);
  if (expectedVerdict(entry, version) === 'unchanged') return {};
  return Object.fromEntries(Object.entries(values).filter(([name]) => entry.newParameters?.includes(name)));
}

/** offset/limit: the paging of the module's paginated lists (vendor PageDto, PagingWrapperDto). */
const firstPage = () => ({ offset: 0, limit: 20 });

/** How the lifecycle checks exercise each job endpoint of the catalog. */
export const jobRequests: ModuleRecipes<'job'> = {
  'job.grid-rows-delete': {
    // The spec documents no parameters for the bulk delete (§4.2: payload "—"), and the vendor's documents do not
    // describe it: what an instance deletes for any request, an empty selection too, cannot be known, nor put back.
    // So it is sent only with both opt-ins on a real target, with the least a request can name: an empty selection.
    query: () => ({ rowIds: '' }),
    served: [200],
    irreversible: 'the spec documents no parameters for the bulk row delete (§4.2), so what an instance deletes for it cannot be known or put back',
  },
  'job.assets-jobs': { query: firstPage },
  'job.assets-products': { query: firstPage },
  'job.dse-object-histories': { query: firstPage },
  'job.participants-add': {
    fixtures: ['userUuid'],
    body: soleParticipant,
    // The vendor documents both for PATCH.
    served: [200, 204],
    unchanged: "the job's sole participant, added again",
  },
  'job.participants-replace': {
    fixtures: ['userUuid'],
    body: soleParticipant,
    served: [200],
    unchanged: "the job's participants replaced by its sole participant",
  },
  'job.participant-remove': {
    served: [204],
    cleanup: readdParticipant,
    restores: "the job's sole participant",
  },
  'job.dashboard-my-active': {
    // `sort` is new in 8.0 (spec §4.2); -117 is the due date, the vendor's default key.
    query: ({ version }) => ({ offset: 0, limit: 5, ...newParameters('job.dashboard-my-active', version, { sort: '-117' }) }),
  },
  'job.dse-object': {
    // `includeHistory` is new in 8.0 (spec §4.2).
    query: ({ version }) => newParameters('job.dse-object', version, { includeHistory: true }),
  },
  'job.jobs-search': {
    // Spec §2, §3: the states the search filters by. `userIdUUID` needs a user UUID, which no fixture gives on 7.4
    // (recipe fixtures are the same for both versions); job.search.user-id-uuid-matches-user-id sends it.
    body: () => ({ states: ['ACTIVE', 'PENDING'], from: 0, limit: 20 }),
    promise: 'lists ACTIVE and PENDING among the values of the search\'s `states` (§2, §3)',
    onRefusal:
      'a target that refuses a state the spec names departs from the spec: send only the states the target\'s message accepts ' +
      '(drop PENDING if it is the one refused), and ask the vendor about PENDING',
  },
};
