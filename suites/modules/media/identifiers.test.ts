/**
 * Identifiers in media bodies (spec §2 "Identifier pair", §4.4 closing note,
 * §9.3). Every user, virtual database and division a body names is
 * - in 8.0 an identifier pair: the legacy integer `id` beside the UUID
 *   `uuid`, the primary identifier; a user named by a bare owner id carries
 *   its UUID beside it (`ownerId` / `ownerUuid`);
 * - in 7.4 identified by its integer `id`, which clients of 7.4 rely on.
 * The version profile says which (`userIdentifier`); one check per body
 * that names them.
 */
import { expect, type TestContext } from 'vitest';
import type { FaultDeclarations } from '../../../src/catalog/faults.ts';
import { expectedVerdict } from '../../../src/catalog/index.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { check, forEachTarget } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext, type SuiteContext } from '../../../src/run-targets/context.ts';
import { targetVersion } from '../../../src/run-targets/current-target.ts';
import { fixtureValue, isRecord, isSuccess, isUuid, mediaEntry, member, records } from './_media.ts';

/** One user, database or division reference found in a body, and where. */
interface FoundIdentifier {
  readonly where: string;
  readonly value: unknown;
}

interface IdentifierSource extends FaultDeclarations {
  /** Check id suffix. */
  readonly name: string;
  readonly story: string;
  /** What names the identifiers, for the title. */
  readonly what: string;
  readonly identifiers: (test: TestContext, context: SuiteContext) => Promise<FoundIdentifier[]>;
}

const usersPath = '/rest/mp/v1.1/users';
const virtualDatabasesPath = '/rest/mp/v1.1/virtual-databases';
const asset = mediaEntry('media.asset');
const workflowSteps = mediaEntry('media.vdb-workflow-steps');
// What a body must carry depends on the target's version (spec §9.3): the checks are registered per target.
forEachTarget(() => {
  const version = targetVersion();
  const identifierKind = versionProfiles[version].userIdentifier;
  // Every workflow-steps path the version serves: in 8.0 the deprecated one and its replacement (spec §4.4, §9.4).
  const replacement = expectedVerdict(workflowSteps, version) === 'deprecated' ? workflowSteps.replacement : undefined;
  const workflowStepsPaths = [workflowSteps.path, ...(replacement ? [replacement.path] : [])];

  async function readJson(context: SuiteContext, path: string, pathParams: Readonly<Record<string, string>> = {}): Promise<unknown> {
    const response = await context.api.call({ method: 'GET', path, pathParams });
    expect(isSuccess(response), `GET ${path} answered ${response.status}`).toBe(true);
    return response.json();
  }

  function listed(where: string, items: unknown): FoundIdentifier[] {
    return records(items).map((value, index) => ({ where: `${where}[${index}]`, value }));
  }

  /** An asset set names its owner by `ownerId` and, in 8.0, `ownerUuid`: the same pair, flattened. */
  function assetSetOwners(sets: unknown): FoundIdentifier[] {
    return records(sets)
      .filter((set) => set['ownerId'] !== undefined)
      .map((set, index) => ({ where: `assetSets[${index}].ownerId/ownerUuid`, value: { id: set['ownerId'], uuid: set['ownerUuid'] } }));
  }

  const sources: readonly IdentifierSource[] = [
    {
      name: 'users',
      story: `GET ${usersPath}`,
      what: 'in the media users listing',
      killedBy: ['media-user-uuid-dropped', 'media-integer-ids-missing-in-7.4', 'media-uuid-not-uuid'],
      identifiers: async (_test, context) => listed('items', member(await readJson(context, usersPath), 'items')),
    },
    {
      name: 'virtual-databases',
      story: `GET ${virtualDatabasesPath}`,
      what: 'in the virtual databases listing',
      killedBy: ['media-integer-ids-missing-in-7.4', 'media-uuid-not-uuid'],
      identifiers: async (_test, context) => listed('databases', await readJson(context, virtualDatabasesPath)),
    },
    {
      name: 'asset',
      story: `${asset.method} ${asset.path}`,
      what: 'in the asset (owner, watchers, virtual database, division, asset set owners)',
      killedBy: ['media-integer-ids-missing-in-7.4', 'media-uuid-not-uuid'],
      identifiers: async (test, context) => {
        const body = await readJson(context, asset.path, { assetId: await fixtureValue(test, context, 'mediaAssetId') });
        const single = (name: string): FoundIdentifier[] => (member(body, name) === undefined ? [] : [{ where: name, value: member(body, name) }]);
        return [...single('owner'), ...listed('watchers', member(body, 'watchers')), ...single('vdb'), ...single('division'), ...assetSetOwners(member(body, 'assetSets'))];
      },
    },
    {
      name: 'workflow-steps',
      story: workflowStepsPaths.map((path) => `GET ${path}`).join(', '),
      what: 'in the workflow steps of every virtual database (approvers, divisions)',
      // It reads the v1.1 path in 7.4 and both paths in 8.0, so losing either path kills it too.
      killedBy: ['media-workflow-steps-replacement-sign-in-page', 'media-workflow-steps-v1.1-sign-in-page', 'media-integer-ids-missing-in-7.4', 'media-uuid-not-uuid'],
      observedBy: ['media-workflow-steps-removed-early', 'media-workflow-steps-replacement-missing'],
      identifiers: async (_test, context) => {
        const found: FoundIdentifier[] = [];
        for (const database of records(await readJson(context, virtualDatabasesPath))) {
          // The version's identifier of the database: its UUID in 8.0, its id in 7.4 (the other where it is missing).
          const vdbId = String((identifierKind === 'uuid' ? database['uuid'] : database['id']) ?? database['id'] ?? database['uuid']);
          for (const path of workflowStepsPaths) {
            const steps = records(member(await readJson(context, path, { vdbId }), 'steps'));
            for (const [index, step] of steps.entries()) {
              const at = `${path.replace('{vdbId}', vdbId)} steps[${index}]`;
              found.push(...listed(`${at}.approvers`, step['approvers']), ...listed(`${at}.divisions`, step['divisions']));
              for (const [divisionIndex, division] of records(step['divisions']).entries()) {
                found.push(...listed(`${at}.divisions[${divisionIndex}].approvers`, division['approvers']));
              }
            }
          }
        }
        return found;
      },
    },
  ];

  /** What is wrong with one identifier: an integer `id` in both versions, and in 8.0 a UUID `uuid` beside it (spec §2, §9.3). */
  function identifierProblems(found: FoundIdentifier): string[] {
    if (!isRecord(found.value)) return [`${found.where}: not an object`];
    const problems: string[] = [];
    if (!Number.isInteger(found.value['id'])) problems.push(`${found.where}: id ${JSON.stringify(found.value['id'])} is not an integer`);
    if (identifierKind === 'uuid' && !isUuid(found.value['uuid'])) problems.push(`${found.where}: uuid ${JSON.stringify(found.value['uuid'])} is not a UUID`);
    return problems;
  }

  const carries = identifierKind === 'uuid' ? 'an integer id and a UUID uuid' : 'an integer id';

  for (const source of sources) {
    check(
      {
        id: `media.identifiers.${source.name}`,
        title: `every user, database and division named ${source.what} carries ${carries}`,
        labels: { module: 'media', feature: 'identifiers', story: source.story, spec: '§2, §9.3' },
        concurrent: true,
        killedBy: source.killedBy,
        ...(source.observedBy && { observedBy: source.observedBy }),
      },
      async (test) => {
        const context = await suiteContext();
        const found = await source.identifiers(test, context);
        if (found.length === 0) await skipWithReason(test, `no user, database or division is named ${source.what} on this target`);
        await observe(test, `${found.length} identifiers`);
        expect(found.flatMap(identifierProblems)).toEqual([]);
      },
    );
  }
});
