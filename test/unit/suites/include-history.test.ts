/**
 * `job.dse-object.include-history` against answers shaped as the vendor's 8.0
 * DseObjectDto (values, instanceId, name, state, creator, assignment; no history
 * field): no field name the spec does not give is required.
 */
import { describe, expect, it } from 'vitest';
import { includeHistoryVerdict } from '../../../suites/modules/job/_include-history.ts';

const path = '/dse/rest/v1.0/dse-object/{instanceId}/{l10nLocaleId}';
const vendorObject = {
  values: { headline: { inheritFromParent: 'BROKEN_INHERITANCE', value: 'Spring brochure', displayValue: 'Spring brochure' } },
  instanceId: 20481,
  l10nLocaleId: 1,
  name: 'Spring brochure',
  state: 'ACTIVE',
  creator: { uuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', fullName: 'Ada Brandt' },
  assignment: { assignees: [{ uuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', fullName: 'Ada Brandt' }] },
};

describe('the includeHistory verdict', () => {
  it('passes a target that accepts the parameter and answers the vendor\'s DseObjectDto, without any history field', () => {
    const verdict = includeHistoryVerdict([{ includeHistory: true, status: 200, body: vendorObject }, { includeHistory: false, status: 200, body: vendorObject }], '20481', path);
    expect(verdict.problems).toEqual([]);
    expect(verdict.observation).toBe('includeHistory=true: HTTP 200, includeHistory=false: HTTP 200; true adds no member (the spec names none)');
  });

  it('reports the members includeHistory=true adds, whatever their name', () => {
    const verdict = includeHistoryVerdict([{ includeHistory: true, status: 200, body: { ...vendorObject, changeLog: [] } }, { includeHistory: false, status: 200, body: vendorObject }], '20481', path);
    expect(verdict.problems).toEqual([]);
    expect(verdict.observation).toContain('true adds changeLog');
  });

  it('fails a refusal of the parameter with the target\'s own words, and an answer about another job', () => {
    const verdict = includeHistoryVerdict(
      [
        { includeHistory: true, status: 400, refusal: '{"message":"Unknown query parameter: includeHistory"}' },
        { includeHistory: false, status: 200, body: { ...vendorObject, instanceId: 1 } },
      ],
      '20481',
      path,
    );
    expect(verdict.problems).toEqual([
      `GET ${path}?includeHistory=true answered HTTP 400: {"message":"Unknown query parameter: includeHistory"}; 8.0 takes the parameter (spec §4.2)`,
      `GET ${path}?includeHistory=false answered instanceId 1, not the job 20481 asked for`,
    ]);
  });
});
