/**
 * `job.my-active.user-identifiers` on my-active pages shaped as the vendor's
 * documents show them: DseDashboardObjectDto items (jobInstanceId, name,
 * dueDate, …) without an assignment. An empty page is nothing to check (a
 * skip with its reason); 8.0 items without the assignment spec §2 gives them
 * fail naming the field; 7.4 items need none.
 */
import { describe, expect, it } from 'vitest';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { myActiveAssignmentSubjects } from '../../../suites/modules/job/_my-active-assignments.ts';

const path = '/dse/rest/v1.0/dashboards/my-active';
/** An item as the vendor's DseDashboardObjectDto lists its fields: no assignment. */
const vendorItem = (jobInstanceId: number) => ({ jobInstanceId, jobOrdinalNumber: 4100 + jobInstanceId, name: `Spring brochure ${jobInstanceId}`, jobStepNumber: 2, dashboardObjectType: 'JOB', dueDate: '2026-03-01', state: 'ACTIVE' });
const assigned = (jobInstanceId: number, assignee: Record<string, unknown>) => ({ ...vendorItem(jobInstanceId), assignment: { assignees: [assignee] } });

describe('the subjects of the my-active identifier check', () => {
  it('skips with a reason when the user has no active jobs, on either version', () => {
    for (const profile of Object.values(versionProfiles)) {
      const subjects = myActiveAssignmentSubjects({ items: [], total: 0 }, profile, path);
      expect(subjects).toEqual({ kind: 'skip', reason: expect.stringMatching(/^not checked: GET \/dse\/rest\/v1\.0\/dashboards\/my-active lists no active job of the user/) });
    }
  });

  it('fails on 8.0 naming the missing assignment, not the data, when the items lack it', () => {
    const subjects = myActiveAssignmentSubjects({ items: [vendorItem(20481), vendorItem(20482)], total: 2 }, versionProfiles['8.0'], path);
    expect(subjects.kind).toBe('fail');
    expect(subjects.kind === 'fail' && subjects.problem).toBe(
      '2 of 2 items of GET /dse/rest/v1.0/dashboards/my-active carry no assignment object (first: /items/0); 8.0 items have an assignment whose assignees carry uuid and fullName (spec §2 "Dashboard item, my-active list", §4.2)',
    );
  });

  it('on 7.4, where the assignment is optional, items without one are nothing to check', () => {
    const subjects = myActiveAssignmentSubjects({ items: [vendorItem(20481)], total: 1 }, versionProfiles['7.4'], path);
    expect(subjects).toEqual({ kind: 'skip', reason: expect.stringContaining('no item carries an assignment (optional in 7.4') });
  });

  it('hands the assignments it finds to the identifier check', () => {
    const subjects = myActiveAssignmentSubjects(
      { items: [assigned(20481, { uuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', fullName: 'Ada Brandt' })], total: 1 },
      versionProfiles['8.0'],
      path,
    );
    expect(subjects.kind === 'check' && subjects.found.map((dto) => dto.pointer)).toEqual(['/items/0/assignment']);
  });

  it('fails when the page has no items array, saying what came', () => {
    const subjects = myActiveAssignmentSubjects('{"items": []}', versionProfiles['8.0'], path);
    expect(subjects.kind === 'fail' && subjects.problem).toMatch(/without an items array .*; got a JSON string$/);
  });
});
