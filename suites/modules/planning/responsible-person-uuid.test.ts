/**
 * Users in planning bodies carry their UUID in 8.0 (spec §2 "User record
 * (UserDto) includes a uuid field", §9.3): the responsible person of every
 * plan tree's root node (GET /tree → GET /node/root/{treeId}, both
 * versions) is checked against the 8.0 user schema.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { versionProfiles } from '../../../src/profile/versions.ts';
import { formatValidationErrors, validateBody } from '../../../src/schemas/validator.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { targetVersion } from '../../../src/run-targets/current-target.ts';
import { idOf, isJson, items, planningPath } from './_planning.ts';

check(
  {
    id: 'planning.responsible-person-uuid',
    title: 'the responsible person of every root node carries a UUID (8.0 user record)',
    labels: { module: 'planning', feature: 'changed', story: 'GET /maps/rest/api/{version}/node/root/{treeId}', spec: '§2' },
    killedBy: ['planning-user-uuid-missing'],
    concurrent: true,
  },
  async (test) => {
    const version = targetVersion();
    if (versionProfiles[version].userIdentifier !== 'uuid') return skipWithReason(test, `not applicable to ${version}: users are identified by numeric ids before 8.0 (spec §9.3)`);
    const { api } = await suiteContext();
    const trees = await api.call({ method: 'GET', path: planningPath('/tree') });
    expect(trees.status, 'status of GET /tree').toBe(200);
    const problems: string[] = [];
    let people = 0;
    for (const tree of items(trees.json())) {
      const treeId = idOf(tree.id) ?? '';
      const root = await api.call({ method: 'GET', path: planningPath('/node/root/{treeId}'), pathParams: { treeId } });
      expect(root.status, `GET /node/root/${treeId}`).toBe(200);
      const node = root.json();
      const person = isJson(node) ? node.respPerson : undefined;
      if (person === undefined) continue;
      people += 1;
      const result = validateBody('8.0/user', person);
      if (!result.ok) problems.push(`tree ${treeId}, respPerson: ${formatValidationErrors(result.errors)}`);
    }
    if (people === 0) return skipWithReason(test, 'no root node names a responsible person');
    await observe(test, `${people} responsible persons`);
    expect(problems, 'responsible persons that are not 8.0 user records').toEqual([]);
  },
);
