import { describe, expect, it } from 'vitest';
import { notServedFinding } from '../../../src/check/not-served.ts';

const base = 'http://127.0.0.1:9';
const configurations = `${base}/rest/mp/v1.1/ai-tagging/configurations`;

describe('one finding per root cause: a check that met an endpoint the spec lists as served answering 404/405', () => {
  it('is not checked, pointing at the served check that holds the finding', () => {
    const finding = notServedFinding([{ method: 'GET', url: configurations, status: 405 }], '8.0', 'media.ai-tagging-configurations.role-required');
    expect(finding).toEqual({
      findingId: 'media.ai-tagging-configurations.served',
      endpoint: 'GET /rest/mp/v1.1/ai-tagging/configurations',
      status: 405,
      reason: 'not checked: GET /rest/mp/v1.1/ai-tagging/configurations is not served (405; finding media.ai-tagging-configurations.served)',
    });
  });

  it('reads the spec\'s path below the path of BASE_URL (an instance at https://host/platform)', () => {
    const below = `${base}/platform/rest/mp/v1.1/ai-tagging/configurations`;
    expect(notServedFinding([{ method: 'GET', url: below, status: 404 }], '8.0', 'media.ai-tagging-configurations.role-required', `${base}/platform/`)?.findingId).toBe('media.ai-tagging-configurations.served');
    expect(notServedFinding([{ method: 'GET', url: below, status: 404 }], '8.0', 'media.ai-tagging-configurations.role-required', base)).toBeUndefined();
  });

  it('leaves the served check itself failing, with its evidence', () => {
    expect(notServedFinding([{ method: 'GET', url: configurations, status: 405 }], '8.0', 'media.ai-tagging-configurations.served')).toBeUndefined();
  });

  it('is no finding where the spec does not list the endpoint as served (an added endpoint on 7.4)', () => {
    expect(notServedFinding([{ method: 'GET', url: configurations, status: 404 }], '7.4', 'media.ai-tagging-configurations.role-required')).toBeUndefined();
  });

  it('is no finding when the same route answered 2xx in the check: the 404 is then a missing entity', () => {
    const exchanges = [
      { method: 'GET', url: configurations, status: 200 },
      { method: 'GET', url: configurations, status: 404 },
    ];
    expect(notServedFinding(exchanges, '8.0', 'media.some-check')).toBeUndefined();
  });

  it('is no finding for another status, or a request outside the catalog', () => {
    expect(notServedFinding([{ method: 'GET', url: configurations, status: 500 }], '8.0', 'x.y')).toBeUndefined();
    expect(notServedFinding([{ method: 'GET', url: `${base}/not/in/the/catalog`, status: 404 }], '8.0', 'x.y')).toBeUndefined();
  });

  it("points a missing replacement (spec §9.4) at the deprecated entry's replacement-served check", () => {
    const url = `${base}/rest/mp/v1.2/virtual-databases/12/workflow-steps`;
    const finding = notServedFinding([{ method: 'GET', url, status: 404 }], '8.0', 'media.vdb-uuids.some-check');
    expect(finding?.findingId).toBe('media.vdb-workflow-steps.replacement-served');
    expect(finding?.reason).toBe('not checked: GET /rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps is not served (404; finding media.vdb-workflow-steps.replacement-served)');
  });
});
