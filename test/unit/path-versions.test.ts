/**
 * PATH_VERSION_<MODULE>: the API client puts the configured segment for
 * `{version}` in job and planning paths (spec §9.2), the catalog's segment
 * when none is configured, and leaves other paths alone. The network is off:
 * the requests go to an undici MockAgent that must see each one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformApi } from '../../src/api/platform-api.ts';
import { loadConfig } from '../../src/config/config.ts';
import { catalogPathVersion, pathVersionFor } from '../../src/catalog/path-versions.ts';
import { mockHttp, type MockHttp } from '../support/mock-http.ts';

const base = 'https://platform.test';
let http: MockHttp | undefined;

afterEach(async () => {
  await http?.close();
  http = undefined;
});

describe('path versions', () => {
  it('default to the catalog segment', () => {
    expect(catalogPathVersion('planning')).toBe('v1.0');
    expect(pathVersionFor('/maps/rest/api/{version}/fee', {})).toBe('v1.0');
    expect(pathVersionFor('/dse/rest/{version}/assets/{assetId}/jobs', { planning: 'latest' })).toBe('v1.0');
    expect(pathVersionFor('/rest/mp/v1.1/ai-tagging', { planning: 'latest' })).toBeUndefined();
  });

  it('fill {version} with the configured segment of the module', async () => {
    http = mockHttp();
    const pool = http.agent.get(base);
    pool.intercept({ path: '/maps/rest/api/latest/fee', method: 'GET' }).reply(200, {});
    pool.intercept({ path: '/dse/rest/v3.1/assets/7/jobs', method: 'GET' }).reply(200, {});
    pool.intercept({ path: '/maps/rest/api/v1.0/group', method: 'GET' }).reply(200, []);
    const api = new PlatformApi(http.client, base, undefined, { planning: 'latest', job: 'v3.1' });
    expect((await api.call({ method: 'GET', path: '/maps/rest/api/{version}/fee' })).status).toBe(200);
    expect((await api.call({ method: 'GET', path: '/dse/rest/{version}/assets/{assetId}/jobs', pathParams: { assetId: 7 } })).status).toBe(200);
    // Without configuration, the catalog's segment.
    expect((await new PlatformApi(http.client, base).call({ method: 'GET', path: '/maps/rest/api/{version}/group' })).status).toBe(200);
  });

  it('are validated in the configuration, one segment each', () => {
    expect(loadConfig({ env: { PATH_VERSION_PLANNING: 'latest', PATH_VERSION_JOB: 'v3.20.1' }, envFile: '/dev/null' }).pathVersions).toEqual({ planning: 'latest', job: 'v3.20.1' });
    expect(loadConfig({ env: {}, envFile: '/dev/null' }).pathVersions).toEqual({});
    for (const bad of ['/v1.0', 'v1.0/x', '1.0', 'newest']) {
      expect(() => loadConfig({ env: { PATH_VERSION_PLANNING: bad }, envFile: '/dev/null' })).toThrowError(
        expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringMatching(/^PATH_VERSION_PLANNING must be one path segment/) }),
      );
    }
  });
});
