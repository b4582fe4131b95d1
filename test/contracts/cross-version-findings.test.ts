/**
 * The cross-version comparison judges a failed interaction before calling it a break: an endpoint the spec lists as
 * served on the new version answering 404/405 is that endpoint's finding; a mismatch a listed departure names is
 * documented; and a break counts only where the old contract holds on the old side of the same run.
 */
import { describe, expect, it } from 'vitest';
import { classifyContracts, judgedAgainstFromSide } from '../../src/contracts/cross-version.ts';
import { bodyPointer, fromSideOf } from '../../src/contracts/cross-version-findings.ts';
import { contractBreaksMarkdown } from '../../src/contracts/contract-breaks.ts';
import { platformPactSource } from '../../src/contracts/sources.ts';
import type { InteractionOutcome, SourceVerification } from '../../src/contracts/verify-source.ts';
import type { CheckResult } from '../../src/runner/results.ts';

const verification = (outcomes: InteractionOutcome[]): SourceVerification => ({ source: platformPactSource('7.4'), outcomes, output: '', durationMs: 0 });
const failed = (checkId: string, method: string, path: string, mismatches: InteractionOutcome['mismatches']): InteractionOutcome => ({
  checkId,
  description: checkId,
  method,
  path,
  states: [],
  state: 'failed',
  mismatches,
});

describe('the cross-version comparison, one finding per root cause', () => {
  it('points an interaction whose 8.0 endpoint is not served at the served check, not at an undocumented break', () => {
    const workflowSteps = failed('contract.media.vdb-workflow-steps-v1-1', 'GET', '/rest/mp/v1.1/virtual-databases/11/workflow-steps', [
      { type: 'StatusMismatch', text: 'expected 200 but was 404', expected: '200', actual: '404' },
    ]);
    const section = classifyContracts(verification([workflowSteps]), '7.4', '8.0', 'staging');
    expect(section.interactions[0]).toMatchObject({
      outcome: 'skipped',
      finding: 'media.vdb-workflow-steps.served',
      reason: 'not compared: GET /rest/mp/v1.1/virtual-databases/{vdbId}/workflow-steps is not served on 8.0 (404; finding media.vdb-workflow-steps.served)',
    });
    expect(section.counts).toMatchObject({ undocumentedBreaks: 0, skipped: 1, unanswered: 0 });
    expect(section.exact).toBe(true);
  });

  it('keeps a 404 of an endpoint the spec removes as the documented break it is', () => {
    const archive = failed('contract.media.archive-entries', 'GET', '/rest/mp/v1.0/archive-entries/asset/77403', [
      { type: 'StatusMismatch', text: 'expected 200 but was 404', expected: '200', actual: '404' },
    ]);
    const section = classifyContracts(verification([archive]), '7.4', '8.0', 'staging');
    expect(section.interactions[0]?.outcome).toBe('broke');
    expect(section.interactions[0]?.finding).toBeUndefined();
  });

  it('calls a mismatch that a listed departure names documented, naming the departure', () => {
    const group = failed('contract.planning.group-by-id', 'GET', '/maps/rest/api/v1.0/group/5', [
      { type: 'BodyMismatch', path: '$.id', text: 'Expected 5 (Integer) to be the same type as "g-5" (String)' },
    ]);
    const section = classifyContracts(verification([group]), '7.4', '8.0', 'staging');
    expect(section.interactions[0]).toMatchObject({ outcome: 'broke', documented: true });
    expect(section.interactions[0]?.changes.join('\n')).toContain("a listed departure of the vendor's documents (spec §2): the spec types the planning group id as a string");
    expect(section.counts.undocumentedBreaks).toBe(0);
  });

  it('keeps a mismatch that neither the catalog nor a departure names undocumented', () => {
    const group = failed('contract.planning.group-by-id', 'GET', '/maps/rest/api/v1.0/group/5', [{ type: 'BodyMismatch', path: '$.name', text: 'Expected a string' }]);
    expect(classifyContracts(verification([group]), '7.4', '8.0', 'staging').counts.undocumentedBreaks).toBe(1);
  });

  it('reads pact body paths as the conformance pointers the departures use', () => {
    expect(bodyPointer({ type: 'BodyMismatch', path: '$.groups[0].id', text: '' })).toBe('/body/groups/0/id');
    expect(bodyPointer({ type: 'BodyMismatch', path: '$', text: '' })).toBe('/body');
    expect(bodyPointer({ type: 'StatusMismatch', text: '' })).toBeUndefined();
  });
});

describe('a break counts only where the old interaction holds on the old side', () => {
  const search = failed('contract.job.my-active', 'GET', '/dse/rest/v2/dashboard/my-active', [{ type: 'BodyMismatch', path: '$.items[0].x', text: 'Expected x' }]);
  const result = (state: CheckResult['state'], version: string): CheckResult => ({ project: `t ${version}`, version, file: 'suites/contracts/contracts.test.ts', id: 'contract.job.my-active', name: 'n', state });

  it('is not compared when the 7.4 contract failed on the 7.4 target of the same run, and the verdict is not spoiled by it', () => {
    const section = judgedAgainstFromSide(classifyContracts(verification([search]), '7.4', '8.0', 'staging'), [result('failed', '7.4'), result('passed', '8.0')]);
    expect(section.interactions[0]).toMatchObject({ outcome: 'skipped', fromSideBroke: true });
    expect(section.interactions[0]?.reason).toContain('the 7.4 contract does not hold on the 7.4 target of this run (contract.job.my-active failed there)');
    expect(section.counts).toMatchObject({ undocumentedBreaks: 0, skipped: 1 });
    expect(section.exact).toBe(true);
    expect(contractBreaksMarkdown(section)).toContain('exactly as documented');
  });

  it('stays a break where the 7.4 contract held, or where the run had no 7.4 target', () => {
    const classified = classifyContracts(verification([search]), '7.4', '8.0', 'staging');
    expect(judgedAgainstFromSide(classified, [result('passed', '7.4')]).counts.undocumentedBreaks).toBe(1);
    expect(judgedAgainstFromSide(classified, [result('passed', '8.0')]).counts.undocumentedBreaks).toBe(1);
    expect(fromSideOf('contract.job.my-active', '7.4', [])).toBeUndefined();
  });
});
