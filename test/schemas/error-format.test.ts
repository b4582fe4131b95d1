/** Validation failures read as `pointer: expected …, got …` lines. */
import { describe, expect, it } from 'vitest';
import { formatIssue, formatValidationErrors, validateBody, type ValidationIssue } from '../../src/schemas/validator.ts';
import type { SchemaId } from '../../src/schemas/ids.ts';

function issuesOf(schemaId: SchemaId, value: unknown): readonly ValidationIssue[] {
  const result = validateBody(schemaId, value);
  if (result.ok) throw new Error(`${schemaId} accepted ${JSON.stringify(value)}`);
  return result.errors;
}

const vectors: readonly { schemaId: SchemaId; value: unknown; line: string }[] = [
  {
    schemaId: '8.0/dashboard-my-active',
    value: { items: [{ jobInstanceId: 5001, assignment: { assignees: [{ uuid: '1042', fullName: 'Ada Brandt' }] } }], total: 1 },
    line: '/items/0/assignment/assignees/0/uuid: expected string in format uuid, got "1042"',
  },
  {
    schemaId: '8.0/user',
    value: { id: 1042 },
    line: '/uuid: expected a value (required property), got nothing',
  },
  {
    schemaId: 'common/token-response',
    value: { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: '3600', scope: '' },
    line: '/expires_in: expected integer, got "3600"',
  },
  {
    schemaId: 'common/token-response',
    value: { access_token: 'a', refresh_token: 'r', token_type: 'mac', expires_in: 1, scope: '' },
    line: '/token_type: expected string matching /^[Bb][Ee][Aa][Rr][Ee][Rr]$/, got "mac"',
  },
  {
    schemaId: '8.0/themes',
    value: { id: 1 },
    line: '(root): expected array, got object',
  },
  {
    schemaId: '8.0/shop-advanced-search-response',
    value: [{ itemId: 1 }, { itemId: 2 }],
    line: '(root): expected object, got array (2 items)',
  },
  {
    schemaId: '8.0/shop-advanced-search-request',
    value: { conflictTypes: ['NO_CONFLICT'] },
    line: '/conflictTypes: expected no such property (not allowed in this version), got array (1 item)',
  },
  {
    schemaId: 'common/review-participant-approval',
    value: 'MAYBE',
    line: '(root): expected one of "APPROVED", "APPROVED_WITH_CHANGES", "REJECTED", got "MAYBE"',
  },
  {
    schemaId: '8.0/ai-tagging-status',
    value: { currentState: 'RUNNING', processedItems: -1, totalItems: 2 },
    line: '/processedItems: expected number >= 0, got -1',
  },
];

describe('formatValidationErrors', () => {
  for (const vector of vectors) {
    it(`reads: ${vector.line}`, () => {
      expect(formatValidationErrors(issuesOf(vector.schemaId, vector.value)).split('\n')).toContain(vector.line);
    });
  }

  it('gives one line per issue, each with pointer, expected and got', () => {
    const issues = issuesOf('8.0/dashboard-my-active', {
      items: [{ jobInstanceId: 'x', assignment: { assignees: [{ id: 1042 }] } }],
    });
    const lines = formatValidationErrors(issues).split('\n');
    expect(lines).toHaveLength(issues.length);
    expect(lines).toEqual(expect.arrayContaining([
      '/total: expected a value (required property), got nothing',
      '/items/0/jobInstanceId: expected integer, got "x"',
      '/items/0/assignment/assignees/0/uuid: expected a value (required property), got nothing',
      '/items/0/assignment/assignees/0/fullName: expected a value (required property), got nothing',
    ]));
  });

  it('reports a fault once even when a $ref and its siblings both see it', () => {
    const issues = issuesOf('8.0/assignment', { assignees: [{ fullName: 'Ada Brandt' }] });
    expect(issues.filter((issue) => issue.pointer === '/assignees/0/uuid')).toHaveLength(1);
  });

  it('escapes pointer tokens (RFC 6901) and shortens long values', () => {
    expect(formatIssue({ pointer: '/a~1b', expected: 'string', got: '1' })).toBe('/a~1b: expected string, got 1');
    const [issue] = issuesOf('8.0/user', { uuid: 'x'.repeat(200) });
    expect(issue?.got.length).toBeLessThanOrEqual(60);
  });
});
