/**
 * The contract suite's verification when the run's time is up
 * (RUN_TIMEOUT_S): the team's own pact sources are fetched within the run's
 * deadline too (a PACT_URLS address that never answers must not hold the
 * suite, and the run's cancellation, for REQUEST_TIMEOUT_MS), and both what
 * the deadline stopped, the sources and the verification, are problems that
 * say so, which the suite reports as not run rather than failed
 * (suites/contracts/contracts.test.ts). The deadline has passed before the
 * verification starts: no time margin; the in-flight case is the HTTP
 * client's (test/unit/http-client.test.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { verifySuiteContracts } from '../../src/contracts/suite-verification.ts';
import { SecretRegistry } from '../../src/http/redact.ts';

let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  // Accepts connections, never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

describe('the contract suite verification past RUN_TIMEOUT_S', () => {
  it('stops at the deadline, and names it as what stopped the sources and the verification', async () => {
    const loaded = loadConfig({ env: { PACT_URLS: `${silentUrl}/pacts/app-platform.json`, RUN_TIMEOUT_S: '7', REQUEST_TIMEOUT_MS: '600000' }, envFile: '/dev/null' });
    const config = { ...loaded, runDeadlineAt: Date.now() - 1000 };
    const verification = await verifySuiteContracts({ config, runProject: { name: 'suites', targets: [] }, targets: [], secrets: new SecretRegistry() });
    expect(verification.problems.map((problem) => [problem.id, problem.stopped])).toEqual([
      ['contract.own.sources', "not run: the run's time ran out (RUN_TIMEOUT_S=7 s)"],
      ['contract.run', "not run: the run's time ran out (RUN_TIMEOUT_S=7 s)"],
    ]);
    expect(verification.problems[0]?.message).toContain('RUN_TIMEOUT_S=7');
  });
});
