/**
 * Conformance of the simulator's review module (spec §2, §4.5, §5.12) for 7.4
 * and 8.0: the general-info role per version, the review DTOs of spec §2 on
 * their endpoints, review creation with the renamed flag, and that every
 * review fault is visible.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { registerReviewModule } from '../../../simulator/modules/review/index.ts';
import { reviewFaults } from '../../../simulator/faults/review.ts';
import type { FaultName } from '../../../simulator/faults/index.ts';
import { fullUser, limitedUser, seedUsers } from '../../../simulator/fixtures/users.ts';
import type { SimVersion } from '../../../simulator/version.ts';
import { createPlatform, type Platform } from '../../../simulator/platform.ts';
import { ManualClock, obtainTokens, send } from '../_sim.ts';
import { list, moduleHarness, pick, type ModuleHarness } from './_harness.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const participantApprovals = ['APPROVED', 'APPROVED_WITH_CHANGES', 'REJECTED'];
const marta = seedUsers[2];
if (!marta) throw new Error('seed users missing');

const rm = '/rm/rest/v1.0';
const generalInfo = `${rm}/util/reviews/5695/_get-general-info`;
const harness = (version: SimVersion, faults: readonly FaultName[] = []): ModuleHarness => moduleHarness(registerReviewModule, { version, faults });

describe('general info role (spec §4.5, §5.12)', () => {
  it('7.4 requires REVIEW_MANAGER_MODULE_ACCESS; 8.0 only AUTHENTICATED', async () => {
    expect(harness('7.4').roles('GET', generalInfo)).toEqual(['REVIEW_MANAGER_MODULE_ACCESS']);
    expect(harness('8.0').roles('GET', generalInfo)).toEqual(['AUTHENTICATED']);
    expect((await harness('7.4').call('GET', generalInfo, { user: limitedUser })).status).toBe(403);
    expect((await harness('8.0').call('GET', generalInfo, { user: limitedUser })).status).toBe(200);
    expect((await harness('7.4').call('GET', generalInfo, { user: fullUser })).status).toBe(200);
  });

  it('answers the general info; unknown 404, malformed 400', async () => {
    const h = harness('8.0');
    expect((await h.call('GET', generalInfo)).body).toEqual({ reviewId: 5695, rmInstanceId: -2, dseObjectInstanceId: 20481, dseVariableTypeId: 88867, ownerFullName: 'Ada Brandt' });
    expect((await h.call('GET', `${rm}/util/reviews/1/_get-general-info`)).status).toBe(404);
    expect((await h.call('GET', `${rm}/util/reviews/x/_get-general-info`)).status).toBe(400);
    expect(pick((await h.call('GET', `${rm}/util/reviews/1/_get-general-info`)).body, 'errors', 0, 'code')).toBe('REVIEW_NOT_FOUND');
  });
});

describe('general info through the platform’s bearer guard (spec §5.12)', () => {
  const platforms: Platform[] = [];
  afterAll(async () => {
    await Promise.all(platforms.map((platform) => platform.close()));
  });

  for (const [version, limitedStatus] of [['7.4', 403], ['8.0', 200]] as const) {
    it(`${version}: the limited user gets ${limitedStatus}, the full user 200`, async () => {
      const platform = createPlatform({ version, modules: [registerReviewModule] });
      platforms.push(platform);
      const address = await platform.listen(0);
      const sim = { platform, address, clock: new ManualClock(), version };
      const call = async (user: 'full' | 'limited') => {
        const { accessToken } = await obtainTokens(sim, user);
        return (await send('GET', address.baseUrl + generalInfo, { headers: { authorization: `Bearer ${accessToken}` } })).status;
      };
      expect(await call('limited')).toBe(limitedStatus);
      expect(await call('full')).toBe(200);
    });
  }
});

describe('listing and probe', () => {
  it('lists the caller’s reviews in both versions, paged', async () => {
    for (const version of ['7.4', '8.0'] as const) {
      const h = harness(version);
      const all = await h.call('GET', `${rm}/review-finder/_find-reviews-by-title-and-due-date?filter=ALL`);
      expect(all.status).toBe(200);
      expect(pick(all.body, 'totalCount')).toBe(3);
      expect(list(pick(all.body, 'content')).map((review) => pick(review, 'id'))).toEqual([5697, 5696, 5695]);
      const managed = await h.call('GET', `${rm}/review-finder/_find-reviews-by-title-and-due-date?filter=MANAGED&limit=1`);
      expect(pick(managed.body, 'totalCount')).toBe(1);
      expect((await h.call('GET', `${rm}/review-finder/_find-reviews-by-title-and-due-date`)).status).toBe(400);
      expect((await h.call('GET', `${rm}/pdftron_annotations/possible-marks`)).status).toBe(200);
    }
    const creator = pick((await harness('8.0').call('GET', `${rm}/review-finder/_find-reviews-by-title-and-due-date?filter=ALL&title=flyer`)).body, 'content', 0, 'creator');
    expect(pick(creator, 'uuid')).toMatch(uuidPattern);
  });

  it('the review module’s other routes need REVIEW_MANAGER_MODULE_ACCESS', async () => {
    for (const version of ['7.4', '8.0'] as const) {
      expect((await harness(version).call('GET', `${rm}/pdftron_annotations/possible-marks`, { user: limitedUser })).status).toBe(403);
      expect((await harness(version).call('GET', `${rm}/reviews/5695`, { user: limitedUser })).status).toBe(403);
    }
  });
});

describe('review DTOs (spec §2)', () => {
  it('react record: 8.0 has the required approvedWithChangesEnabled, 7.4 none', async () => {
    const current = await harness('8.0').call('GET', `${rm}/reviews/5695/react-ui`);
    expect(current.body).toMatchObject({ id: 5695, approvedWithChangesEnabled: true, creator: { uuid: expect.stringMatching(uuidPattern) } });
    const states = list(pick(current.body, 'iterations', 0, 'approvals')).map((approval) => pick(approval, 'state'));
    expect(states).toEqual(['APPROVED', 'IN_PENDING', 'APPROVED_WITH_CHANGES']);
    const legacy = await harness('7.4').call('GET', `${rm}/reviews/5695/react-ui`);
    expect(pick(legacy.body, 'approvedWithChangesEnabled')).toBeUndefined();
    expect(pick(legacy.body, 'creator', 'uuid')).toBeUndefined();
  });

  it('extended participants: 8.0 with extern and userUuid, 7.4 without; approval values only', async () => {
    const current = list(pick((await harness('8.0').call('GET', `${rm}/reviews/5695/iterations`)).body, 1, 'participants'));
    expect(current).toHaveLength(4);
    for (const participant of current) {
      expect(pick(participant, 'extern')).toEqual(expect.any(Boolean));
      expect(pick(participant, 'userUuid')).toMatch(uuidPattern);
      const status = pick(participant, 'participantStatus');
      if (status !== undefined) expect(participantApprovals).toContain(status);
    }
    expect(current.filter((participant) => pick(participant, 'extern') === true)).toHaveLength(1);
    const legacy = list(pick((await harness('7.4').call('GET', `${rm}/reviews/5695/iterations/2`)).body, 'participants'));
    for (const participant of legacy) {
      expect(pick(participant, 'extern')).toBeUndefined();
      expect(pick(participant, 'userUuid')).toBeUndefined();
    }
    expect((await harness('7.4').call('GET', `${rm}/reviews/5695/iterations/9`)).status).toBe(404);
  });

  it('the review object names users per version', async () => {
    expect(pick((await harness('8.0').call('GET', `${rm}/reviews/5696`)).body, 'creator', 'uuid')).toBe(marta.uuid);
    expect(pick((await harness('7.4').call('GET', `${rm}/reviews/5696`)).body, 'creator', 'uuid')).toBeUndefined();
  });
});

describe('review object creation (spec §2)', () => {
  const base = { mediaGUID: 25329, version: 0, dseObjectId: 20481, varTypeId: 88867, assetTitle: 'Spring poster', briefing: '' };

  it('8.0 requires flagCreateJmsComment and participants by uuid; the review then exists', async () => {
    const h = harness('8.0');
    expect((await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { ...base, flagCreateJmsCommentfield: true } })).status).toBe(400);
    expect((await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { ...base, flagCreateJmsComment: true, participants: [{ id: marta.id }] } })).status).toBe(400);
    const created = await h.call('POST', `${rm}/reviews/_create-review-object`, {
      body: { ...base, flagCreateJmsComment: false, participants: [{ uuid: marta.uuid, participantRole: 'APPROVER' }] },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Spring poster', mediaGuid: 25329, total: 1, totalPending: 1, user: true });
    const id = String(pick(created.body, 'id'));
    expect(pick((await h.call('GET', `${rm}/util/reviews/${id}/_get-general-info`)).body, 'ownerFullName')).toBe('Ada Brandt');
    const participants = list(pick((await h.call('GET', `${rm}/reviews/${id}/iterations/1`)).body, 'participants'));
    expect(participants.map((participant) => pick(participant, 'userUuid'))).toContain(marta.uuid);
    expect((await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { ...base, flagCreateJmsComment: true, participants: [{ uuid: '00000000-0000-4000-8000-000000000000' }] } })).status).toBe(404);
  });

  it('7.4 requires flagCreateJmsCommentfield and participants by numeric id', async () => {
    const h = harness('7.4');
    expect((await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { ...base, flagCreateJmsComment: true } })).status).toBe(400);
    const created = await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { ...base, flagCreateJmsCommentfield: true, participants: [{ id: marta.id }] } });
    expect(created.status).toBe(200);
  });
});

const faultScenarios: Readonly<Record<keyof typeof reviewFaults, { version: SimVersion; observe: (h: ModuleHarness) => Promise<unknown> }>> = {
  'review-general-info-old-role': { version: '8.0', observe: async (h) => (await h.call('GET', generalInfo, { user: limitedUser })).status },
  'review-general-info-role-not-enforced': { version: '7.4', observe: async (h) => (await h.call('GET', generalInfo, { user: limitedUser })).status },
  'review-react-approved-with-changes-missing': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${rm}/reviews/5695/react-ui`)).body, 'approvedWithChangesEnabled') },
  'review-participant-extern-missing': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${rm}/reviews/5695/iterations/2`)).body, 'participants', 0, 'extern') },
  'review-participant-uuid-missing': { version: '8.0', observe: async (h) => pick((await h.call('GET', `${rm}/reviews/5695/iterations/2`)).body, 'participants', 0, 'userUuid') },
  'review-participant-approval-pending-value': { version: '7.4', observe: async (h) => pick((await h.call('GET', `${rm}/reviews/5695/iterations/2`)).body, 'participants', 0, 'participantStatus') },
  'review-create-old-flag-name': {
    version: '8.0',
    observe: async (h) => (await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { mediaGUID: 1, flagCreateJmsComment: true } })).status,
  },
  'review-create-new-flag-name-early': {
    version: '7.4',
    observe: async (h) => (await h.call('POST', `${rm}/reviews/_create-review-object`, { body: { mediaGUID: 1, flagCreateJmsCommentfield: true } })).status,
  },
  'review-general-info-missing': { version: '8.0', observe: async (h) => (await h.call('GET', generalInfo)).status },
  'review-general-info-as-array': { version: '7.4', observe: async (h) => Array.isArray((await h.call('GET', generalInfo)).body) },
};

describe('review faults (kill matrix inputs)', () => {
  for (const [name, scenario] of Object.entries(faultScenarios)) {
    it(`${name} changes the ${scenario.version} response`, async () => {
      const faultName = Object.keys(reviewFaults).find((candidate): candidate is keyof typeof reviewFaults => candidate === name);
      if (!faultName) throw new Error(`unknown fault ${name}`);
      expect(reviewFaults[faultName].versions).toContain(scenario.version);
      const healthy = await scenario.observe(harness(scenario.version));
      const faulty = await scenario.observe(harness(scenario.version, [faultName]));
      expect(faulty).not.toEqual(healthy);
    });
  }
});
