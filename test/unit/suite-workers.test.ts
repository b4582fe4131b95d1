/**
 * How much of a run overlaps depends on what it waits on: a far
 * target, or `verify --latency-ms`, gets a suite worker per permit and a Pact
 * verifier run per pact file; the embedded platform, or a target whose round
 * trip is that of this machine, gets as many workers as cores (at least two),
 * since there the CPU is what counts. Never more workers than permits.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { FAR_TARGET_MS, suiteWorkers, waitsOnNetwork } from '../../src/config/concurrency-policy.ts';
import { suitesConfig } from '../../src/runner/suites-config.ts';
import { defaultRunPlan } from '../../src/run-targets/run-plan.ts';

const embedded = loadConfig({ env: { MAX_CONCURRENCY: '16' }, envFile: '/dev/null' });
const remote: Config = loadConfig({
  env: {
    MAX_CONCURRENCY: '16',
    TARGET_VERSION: '8.0',
    BASE_URL: 'https://staging.example.com',
    AUTH_URL: 'https://staging.example.com/cas',
    CLIENT_ID: 'app',
    CLIENT_SECRET: 'a-client-secret',
    REDIRECT_URI: 'https://app.example.com/callback',
    LOGIN_USERNAME: 'ada',
    LOGIN_PASSWORD: 'a-password',
  },
  envFile: '/dev/null',
});
// Never more than the run's sixteen permits, however many cores.
const nearWorkers = Math.min(16, Math.max(availableParallelism(), 2));

describe('what a run waits on', () => {
  it('the embedded platform: the CPU, unless --latency-ms slows it down', () => {
    expect(waitsOnNetwork(embedded)).toBe(false);
    expect(suiteWorkers(embedded)).toBe(nearWorkers);
    expect(waitsOnNetwork({ ...embedded, addedLatencyMs: 50 })).toBe(true);
    expect(suiteWorkers({ ...embedded, addedLatencyMs: 50 })).toBe(16);
  });

  it('a real target: the network when its round trip is far or unknown, the CPU when it is this machine’s', () => {
    expect(waitsOnNetwork(remote)).toBe(true);
    expect(waitsOnNetwork({ ...remote, targetRoundTripMs: FAR_TARGET_MS })).toBe(true);
    expect(suiteWorkers({ ...remote, targetRoundTripMs: 120 })).toBe(16);
    expect(waitsOnNetwork({ ...remote, targetRoundTripMs: 2 })).toBe(false);
    expect(suiteWorkers({ ...remote, targetRoundTripMs: 2 })).toBe(nearWorkers);
  });

  it('never starts more workers than the run has permits', () => {
    expect(suiteWorkers({ ...remote, maxConcurrency: 3 })).toBe(3);
    expect(suiteWorkers({ ...embedded, maxConcurrency: 1 })).toBe(1);
  });
});

describe('how the suites’ workers start', () => {
  it('with their targets’ sessions already open: no global setup without OPENAPI_DIR, and no setup file waits for a login', () => {
    const suites = suitesConfig(embedded, defaultRunPlan(embedded)).test?.projects?.[0];
    const test = typeof suites === 'object' && suites !== null && 'test' in suites ? suites.test : undefined;
    expect(test?.globalSetup).toBeUndefined();
    expect(test?.setupFiles).toEqual(['src/http/permits-setup.ts', 'allure-vitest/setup', 'src/check/allure-setup.ts', 'src/run-targets/rotations-setup.ts']);
  });
});
