/**
 * Where the platform asks about its faults (simulator/http/router.ts `when`):
 * never at its start, and about a route's fault only for a request that
 * route could answer. The kill matrix leaves out of a fault's run every
 * suite file, the contract verification included, whose clean run never
 * asked about the fault (test/kill-matrix/suite-trace.ts); a fault asked at
 * the start would be asked by every file, and no file could be left out.
 */
import { describe, expect, it } from 'vitest';
import type { DeviationName } from '../../simulator/faults/index.ts';
import { createPlatform } from '../../simulator/platform.ts';
import { platformVersions } from '../../src/profile/versions.ts';

function askingPlatform(version: '7.4' | '8.0') {
  const asked = new Set<DeviationName>();
  const platform = createPlatform({ version, onFaultConsulted: (name) => asked.add(name) });
  return { platform, asked };
}

describe('the questions a platform asks about its faults', () => {
  it.each(platformVersions)('%s asks about no fault when it starts', (version) => {
    expect([...askingPlatform(version).asked]).toEqual([]);
  });

  it('a request asks about the faults of the routes its path matches, and no other route’s', async () => {
    const { platform, asked } = askingPlatform('8.0');
    await platform.inject({ method: 'GET', url: '/maps/rest/api/v1/group' });
    expect(asked).toContain('planning-group-list-missing');
    expect(asked).not.toContain('planning-views-missing');
    expect(asked).not.toContain('media-web-tracing-missing');
  });

  it('a route not served leaves a path with bad percent-encoding to the others, as an instance without it does', async () => {
    const path = '/dse/rest/v2/process-types/%E0';
    expect((await askingPlatform('7.4').platform.inject({ method: 'GET', url: path })).status).toBe(404);
    expect((await askingPlatform('8.0').platform.inject({ method: 'GET', url: path })).status).toBe(400);
  });

  it('an added 8.0 route is asked about in 7.4 only when called, and is not served there', async () => {
    const { platform, asked } = askingPlatform('7.4');
    const reply = await platform.inject({ method: 'GET', url: '/maps/rest/api/v1/group' });
    expect(asked).toContain('planning-additions-served-early');
    expect(reply.status).toBe(405);
  });
});
