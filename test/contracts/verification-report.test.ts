/**
 * Reading the Rust verifier's JSON report into one verdict per interaction,
 * and the mutation guard's read of the catalog.
 */
import { describe, expect, it } from 'vitest';
import { formatMismatches, parseVerificationReport } from '../../src/contracts/verification-report.ts';
import { blockedByMutationGuard, isMutatingRequest } from '../../src/contracts/request-filter.ts';
import { documentedChanges } from '../../src/contracts/documented-breaks.ts';

/** A report as pact_ffi's verifier writes it (pact-core 19, pact_ffi 0.5). */
const report = JSON.stringify({
  errors: [
    {
      interaction: 'Verifying a pact between upgrade-guard and platform-planning-8.0 Given a fee exists - a request for the fees matching a query',
      mismatch: {
        interactionId: '',
        type: 'mismatches',
        mismatches: [{ type: 'BodyMismatch', path: '$.fees[0].amount', expected: '12.5', actual: '"1500.00"', mismatch: 'Expected "1500.00" (String) to be a number' }],
      },
    },
    { interaction: 'Verifying a pact between upgrade-guard and platform-planning-8.0 - a request for all planning groups', mismatch: { type: 'error', message: 'Request failed: connection refused' } },
  ],
  interactionResults: [
    { description: 'a request for the fees matching a query', duration: '30ms', result: 'Error' },
    { description: 'a request for all planning groups', duration: '3ms', result: 'Error' },
    { description: 'a request for the details of a planning view', duration: '20ms', result: 'OK' },
  ],
  notices: [],
  output: ['\u001b[1mVerifying\u001b[0m a pact'],
  pendingErrors: [],
  result: false,
});

describe('parseVerificationReport', () => {
  it('gives every interaction its verdict and mismatches', () => {
    const parsed = parseVerificationReport(report);
    expect(parsed?.verdicts).toEqual([
      {
        description: 'a request for the fees matching a query',
        passed: false,
        mismatches: [{ type: 'BodyMismatch', path: '$.fees[0].amount', text: 'Expected "1500.00" (String) to be a number', expected: '12.5', actual: '"1500.00"' }],
      },
      { description: 'a request for all planning groups', passed: false, mismatches: [{ type: 'error', text: 'Request failed: connection refused' }] },
      { description: 'a request for the details of a planning view', passed: true, mismatches: [] },
    ]);
    expect(parsed?.output).toBe('Verifying a pact');
    expect(formatMismatches(parsed?.verdicts[0]?.mismatches ?? [])).toBe('BodyMismatch $.fees[0].amount: Expected "1500.00" (String) to be a number');
  });

  it('is no report when the verifier could not run', () => {
    expect(parseVerificationReport('Verification was unable to run')).toBeUndefined();
  });
});

describe('mutation guard', () => {
  const real = { embedded: false, allowMutations: false };
  const vectors: Array<[string, string, boolean]> = [
    ['GET', '/rest/mp/v1.1/assets/1', false],
    ['POST', '/rest/mp/v1.1/webhooks', true],
    ['POST', '/rest/mp/v1.1/ai-tagging', true],
    // Searches: the catalog marks them read-only (the query travels in the body).
    ['POST', '/shop/api/rest/v1.0/search/advanced', false],
    ['POST', '/dse/rest/v1.0/jobs/_search?x=1', false],
    ['DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', true],
    ['PUT', '/maps/rest/api/v1.0/view/301', true],
    ['POST', '/somewhere/the/catalog/does/not/know', true],
  ];
  for (const [method, path, mutating] of vectors) {
    it(`${method} ${path} ${mutating ? 'changes data' : 'is read-only'}`, () => {
      expect(isMutatingRequest(method, path)).toBe(mutating);
      expect(blockedByMutationGuard(real, method, path)).toBe(mutating);
      expect(blockedByMutationGuard({ ...real, allowMutations: true, allowIrreversible: true }, method, path)).toBe(false);
      expect(blockedByMutationGuard({ embedded: true, allowMutations: false }, method, path)).toBe(false);
    });
  }
});

describe('documented changes 7.4 → 8.0, from the catalog', () => {
  const kinds = (method: string, path: string): string[] => documentedChanges(method, path, '7.4', '8.0').changes.map((change) => `${change.kind}:${change.expected}`);
  it('a removed endpoint must break', () => expect(kinds('GET', '/wp/rest/user/write/attachments')).toEqual(['removed:break']));
  it('a breaking body type change must break', () => expect(kinds('GET', '/maps/rest/api/v1.0/node-type/icons/download/2')).toEqual(['breaking:break']));
  it('the themes change type with their schemas (object → array)', () => expect(kinds('GET', '/rest/mp/v1.2/themes')).toContain('body-type:break'));
  it('an identifier the response schema holds may break', () => expect(kinds('GET', '/dse/rest/v1.0/dashboards/my-active')).toContain('identifier:may-break'));
  it('a deprecated request field is not a documented break', () => expect(kinds('POST', '/dse/rest/v1.0/jobs/_search')).toEqual([]));
  it('an identifier change explains only a missing identifier (spec §2: the id is deprecated, still an integer)', () => {
    const [change] = documentedChanges('GET', '/dse/rest/v1.0/dashboards/my-active', '7.4', '8.0').changes;
    expect(change?.explains({ type: 'BodyMismatch', path: '$.items[0].assignment.assignees[0].id', text: "Expected 'id' (Integer) but was missing" })).toBe(true);
    expect(change?.explains({ type: 'BodyMismatch', path: '$.items[0].assignment.assignees[0]', text: 'Actual map is missing the following keys: id' })).toBe(true);
    expect(change?.explains({ type: 'StatusMismatch', text: 'expected 200 but was 500' })).toBe(false);
  });

  it('a type change of an id is no documented change (spec §2 types id as an integer)', () => {
    const [change] = documentedChanges('GET', '/rest/mp/v1.1/assets/77401', '7.4', '8.0').changes.filter((candidate) => candidate.kind === 'identifier');
    expect(change).toBeDefined();
    const typeChange = { type: 'BodyMismatch', path: '$.id', text: "Expected '77401' (String) to be the same type as 77401 (Integer)", expected: '77401', actual: '"77401"' };
    expect(change?.explains(typeChange)).toBe(false);
    expect(change?.explains({ type: 'BodyMismatch', path: '$.id', text: "Expected 77401 (Integer) but was missing" })).toBe(true);
  });
});
