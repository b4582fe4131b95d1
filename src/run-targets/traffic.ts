/**
 * What `verify --latency-ms` reports of each embedded target's traffic: one
 * line per target, and a file per target in REPORTS_DIR/traffic/ with every
 * request's arrival and end, from which the benchmark
 * (scripts/bench-verify.ts) merges the targets of a version: requests,
 * latency sum, the time the network was in use, and the peak in flight.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrafficStats } from '../../simulator/platform.ts';
import type { PlatformVersion } from '../profile/versions.ts';

export interface TrafficFile {
  readonly target: string;
  readonly version: PlatformVersion;
  readonly addedLatencyMs: number;
  /** [arrival, end] of each request, ms since the epoch. */
  readonly intervals: readonly (readonly [number, number])[];
}

export const trafficDirectory = (reportsDir: string): string => join(reportsDir, 'traffic');

export async function reportTraffic(reportsDir: string, target: string, version: PlatformVersion, stats: TrafficStats): Promise<void> {
  process.stdout.write(`${formatTraffic(target, stats)}\n`);
  const file: TrafficFile = { target, version, addedLatencyMs: stats.addedLatencyMs, intervals: stats.intervals };
  await mkdir(trafficDirectory(reportsDir), { recursive: true });
  await writeFile(join(trafficDirectory(reportsDir), `${target.replace(/[^A-Za-z0-9.]+/g, '-')}.json`), JSON.stringify(file));
}

function formatTraffic(target: string, stats: TrafficStats): string {
  return `Traffic ${target}: ${stats.requests} requests, latency sum ${(stats.latencySumMs / 1000).toFixed(2)} s, peak ${stats.peakInFlight} in flight (+${stats.addedLatencyMs} ms each)`;
}

/** `performance.measure` names of the run's setup of its targets (`setup embedded 7.4, embedded 8.0`). */
export const setupMeasurePrefix = 'setup ';
/** `performance.measure` names of the shared sessions' logins, the run's setup's last step (`logins embedded 8.0`). */
export const loginsMeasurePrefix = 'logins ';
