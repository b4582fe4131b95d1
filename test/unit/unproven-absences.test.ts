/**
 * A 404 proves an endpoint gone only where the target serves the others (src/report/unproven-absences.ts): on a
 * target that served none of three or more module endpoints, a pass that rests on a 404 is not checked.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/runner/results.ts';
import { withUnprovenAbsences } from '../../src/report/unproven-absences.ts';

const check = (project: string, id: string, state: CheckResult['state'], observed?: string): CheckResult => ({ project, file: 'x', id, name: id, state, ...(observed !== undefined && { observed }) });

describe('a pass that rests on a 404', () => {
  const blind = [
    check('target 8.0', 'job.my-active.served', 'failed', '404'),
    check('target 8.0', 'planning.view-all.served', 'failed', '404 (8.0/views)'),
    check('target 8.0', 'media.assets.served', 'failed', '405'),
    check('target 8.0', 'media.archive-entries-asset.gone', 'passed'),
    check('target 8.0', 'auth.state-echo', 'passed'),
  ];

  it('is not checked on a target that served none of its module endpoints, saying why', () => {
    const overruled = withUnprovenAbsences({ checks: blind, errors: [] }).checks;
    expect(overruled.find((result) => result.id === 'media.archive-entries-asset.gone')).toMatchObject({
      state: 'skipped',
      note: "not checked: target 8.0 answered 404 or 405 for all 3 module endpoints the spec lists as served, so its 404 here proves nothing (check that BASE_URL is the platform's root)",
    });
    // What does not rest on a 404 keeps its verdict.
    expect(overruled.find((result) => result.id === 'auth.state-echo')?.state).toBe('passed');
  });

  it('stands where one module endpoint answered, on another target, or where too few were asked to judge', () => {
    const served = blind.map((result) => (result.id === 'media.assets.served' ? { ...result, state: 'passed' as const } : result));
    expect(withUnprovenAbsences({ checks: served, errors: [] }).checks).toEqual(served);
    const elsewhere = [...blind.slice(0, 3), check('target 7.4', 'media.ai-tagging.absent-before-8.0', 'passed'), check('target 7.4', 'media.assets.served', 'passed')];
    expect(withUnprovenAbsences({ checks: elsewhere, errors: [] }).checks.at(3)?.state).toBe('passed');
    const few = [blind[0], blind[1], blind[3]].filter((result): result is CheckResult => result !== undefined);
    expect(withUnprovenAbsences({ checks: few, errors: [] }).checks).toEqual(few);
    // One module missing is not a wrong address: its endpoints may be gone with it.
    const oneModule = [check('target 8.0', 'media.a.served', 'failed', '404'), check('target 8.0', 'media.b.served', 'failed', '404'), check('target 8.0', 'media.c.served', 'failed', '404'), check('target 8.0', 'media.d.gone', 'passed')];
    expect(withUnprovenAbsences({ checks: oneModule, errors: [] }).checks).toEqual(oneModule);
    // Failures that are not 404/405 (a schema, a 403) say nothing of the address.
    const refused = blind.map((result) => (result.id.endsWith('.served') ? { ...result, observed: '403' } : result));
    expect(withUnprovenAbsences({ checks: refused, errors: [] }).checks).toEqual(refused);
  });
});
