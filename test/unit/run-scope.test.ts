/**
 * What a verify run covers (src/cli/run-scope.ts), read from its flags before anything runs: above all whether the
 * contract suite runs (the run's Pact verifier child is started for it) and when the contract-breaks step runs, beside
 * the suites, after them (`--only`, judged on the checks that ran), or not at all.
 */
import { describe, expect, it } from 'vitest';
import { runScope } from '../../src/cli/run-scope.ts';
import type { VerifyArgs } from '../../src/cli/verify-options.ts';
import { loadConfig } from '../../src/config/config.ts';

const embedded = loadConfig({ env: {} });
const remote74 = loadConfig({
  env: {
    BASE_URL: 'https://platform.example.com',
    AUTH_URL: 'https://cas.example.com',
    TARGET_VERSION: '7.4',
    CLIENT_ID: 'app',
    CLIENT_SECRET: 'very-secret-value-123',
    REDIRECT_URI: 'https://app.example.com/callback',
    LOGIN_USERNAME: 'ada',
    LOGIN_PASSWORD: 'hunter2-hunter2',
  },
});

function args(flags: Partial<VerifyArgs> = {}): VerifyArgs {
  return { html: false, timings: false, ...flags };
}

describe('runScope', () => {
  it('a whole embedded run has every suite, and compares the 7.4 contracts against 8.0 beside the suites', async () => {
    const scope = await runScope(args(), embedded);
    expect(scope.plan.map((target) => target.version)).toEqual(['7.4', '8.0']);
    expect(scope).toMatchObject({ suites: undefined, partOfSuites: undefined, contracts: true, comparison: { request: { from: '7.4', to: '8.0' }, when: 'alongside' } });
  });

  it('with --only the comparison waits for the suites: only a contract check that ran makes it run', async () => {
    const scope = await runScope(args({ only: 'job' }), embedded);
    expect(scope.contracts).toBe(true);
    expect(scope.comparison?.when).toBe('after');
  });

  it('without an 8.0 target there is nothing to compare against, while the contract suite still runs', async () => {
    for (const scope of [await runScope(args({ version: '7.4' }), embedded), await runScope(args(), remote74)]) {
      expect(scope.plan.map((target) => target.version)).toEqual(['7.4']);
      expect(scope.contracts).toBe(true);
      expect(scope.comparison).toBeUndefined();
    }
  });

  it('--suites without contracts has neither the contract suite nor the comparison, and says the run is a part', async () => {
    const scope = await runScope(args({ suites: 'auth,modules' }), embedded);
    expect(scope).toMatchObject({ suites: ['auth', 'modules'], partOfSuites: ['auth', 'modules'], contracts: false, comparison: undefined });
  });

  it('of the shards, only the one dealt the contract suite file has it and the comparison', async () => {
    const shards = await Promise.all([1, 2, 3].map((index) => runScope(args({ shard: `${index}/3` }), embedded)));
    expect(shards.filter((scope) => scope.contracts)).toHaveLength(1);
    for (const scope of shards) expect(scope.comparison === undefined).toBe(!scope.contracts);
    expect(shards.flatMap((scope) => scope.shardFiles ?? []).length).toBeGreaterThan(3);
  });
});
