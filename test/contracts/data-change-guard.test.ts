/**
 * The contract verification changes only what the run can undo: with
 * ALLOW_MUTATIONS=true the request filter lets through the project's
 * interactions whose change is declared undoable (contract-data-changes.ts),
 * and stops, with a reason of its own, a change the run cannot undo (a grid
 * row deleted, any request of a team's own contract) unless
 * ALLOW_IRREVERSIBLE=true as well. The embedded platform is ours.
 */
import { describe, expect, it } from 'vitest';
import { contractChange, irreversibleChange } from '../../src/contracts/contract-data-changes.ts';
import { dataChangeBlock, irreversibleGuardStatus, mutationGuardStatus } from '../../src/contracts/request-filter.ts';

const readOnly = { embedded: false, allowMutations: false };
const mutations = { embedded: false, allowMutations: true };
const both = { embedded: false, allowMutations: true, allowIrreversible: true };
const embedded = { embedded: true, allowMutations: false };

describe('the data-change guard of the contract verification', () => {
  it('stops every change on a read-only real target, and none on the embedded platform', () => {
    expect(dataChangeBlock(readOnly, 'POST', '/rest/mp/v1.1/webhooks', 'project')?.status).toBe(mutationGuardStatus);
    expect(dataChangeBlock(embedded, 'DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', 'team')).toBeUndefined();
    expect(dataChangeBlock(readOnly, 'GET', '/rest/mp/v1.1/assets/1', 'team')).toBeUndefined();
  });

  it('lets through, with ALLOW_MUTATIONS alone, the project changes it removes or restores afterwards', () => {
    expect(dataChangeBlock(mutations, 'POST', '/rest/mp/v1.1/webhooks', 'project')).toBeUndefined();
    expect(dataChangeBlock(mutations, 'POST', '/rest/mp/v1.1/ai-tagging', 'project')).toBeUndefined();
    expect(dataChangeBlock(mutations, 'POST', '/wp/rest/attachment/externalIds', 'project')).toBeUndefined();
  });

  it('stops a change the run cannot undo unless ALLOW_IRREVERSIBLE=true as well, and says why', () => {
    const gridRow = dataChangeBlock(mutations, 'DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', 'project');
    expect(gridRow?.status).toBe(irreversibleGuardStatus);
    expect(gridRow?.reason).toMatch(/deletes a row of an existing job grid.*set ALLOW_IRREVERSIBLE=true as well/);
    expect(dataChangeBlock(both, 'DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', 'project')).toBeUndefined();
  });

  it('names both opt-ins at once on a read-only target when the change could not be undone either, and only the missing one otherwise', () => {
    const gridRow = dataChangeBlock(readOnly, 'DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', 'project');
    expect(gridRow?.status).toBe(mutationGuardStatus);
    expect(gridRow?.reason).toMatch(/deletes a row of an existing job grid.*set ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true to verify it/);
    expect(dataChangeBlock({ ...readOnly, allowIrreversible: true }, 'DELETE', '/dse/rest/v1.0/jobs/1201/grids/7701/rows/_delete', 'project')?.reason).toBe(
      'it changes data on a real target: set ALLOW_MUTATIONS=true to verify it',
    );
    expect(dataChangeBlock(readOnly, 'POST', '/rest/mp/v1.1/webhooks', 'project')?.reason).toBe('it changes data on a real target: set ALLOW_MUTATIONS=true to verify it');
  });

  it("counts every change of a team's own contract, and any project change it declares no undo for, as one it cannot undo", () => {
    expect(dataChangeBlock(mutations, 'POST', '/rest/mp/v1.1/webhooks', 'team')?.reason).toMatch(/a team's own contract/);
    expect(irreversibleChange('project', 'PUT', '/maps/rest/api/v1.0/view/301')).toMatch(/declares no way to undo it/);
    expect(dataChangeBlock(both, 'POST', '/somewhere/unknown', 'team')).toBeUndefined();
  });

  it('declares what each undoable change is and how it is undone', () => {
    expect(contractChange('POST', '/rest/mp/v1.1/webhooks')?.undo).toEqual({ by: 'teardown', outcome: 'removed' });
    expect(contractChange('POST', '/rest/mp/v1.1/ai-tagging')?.undo).toEqual({ by: 'teardown', outcome: 'restored' });
  });
});
