/**
 * The benchmark's slow network (simulator/http/traffic.ts): every request
 * served by `listen` is held the added latency and counted, with its
 * arrival and end, so the benchmark can merge meters and count the peak.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatform, TrafficMeter, type Platform } from '../../simulator/platform.ts';

const started: Platform[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((platform) => platform.close()));
});

describe('traffic meter', () => {
  it('holds every request the added latency and counts requests, their durations and the peak', async () => {
    const traffic = new TrafficMeter(30);
    const platform = createPlatform({ version: '8.0', traffic });
    started.push(platform);
    const { baseUrl } = await platform.listen(0);
    const statuses = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await request(`${baseUrl}/no/such/route`);
        await response.body.dump();
        return response.statusCode;
      }),
    );
    expect(statuses).toEqual([404, 404, 404]);
    const stats = traffic.stats();
    expect(stats.requests).toBe(3);
    expect(stats.intervals).toHaveLength(3);
    // Held at least the added latency each (timers never fire early by more than their 1 ms granularity).
    for (const [arrival, end] of stats.intervals) expect(end - arrival).toBeGreaterThanOrEqual(29);
    expect(stats.latencySumMs).toBeGreaterThanOrEqual(3 * 29);
    expect(stats.peakInFlight).toBeGreaterThanOrEqual(1);
    expect(stats.peakInFlight).toBeLessThanOrEqual(3);
  });

  it('refuses a latency that is not a whole number of milliseconds', () => {
    expect(() => new TrafficMeter(-1)).toThrow(RangeError);
    expect(() => new TrafficMeter(1.5)).toThrow(RangeError);
  });
});
