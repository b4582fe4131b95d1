/**
 * The reports' cells in words: a lifecycle check's observation starts with
 * the HTTP status, a schema is named by its title, a not-served reason
 * points to the endpoint, and a check is named by what it did.
 */
import { describe, expect, it } from 'vitest';
import { checkInWords, inPlainWords } from '../../src/report/plain-words.ts';
import { schemaIds } from '../../src/schemas/ids.ts';
import { schemaInWords } from '../../src/schemas/schema-words.ts';

const lifecycleVectors = [
  ['404', 'HTTP 404'],
  ['200 (8.0/dse-object-light-page)', 'HTTP 200, body checked against the 8.0 “Jobs or products containing an asset” schema'],
  ['200 (common/job-search-response)', 'HTTP 200, body checked against the “Job search response” schema'],
  ['201 (8.0/group); not undone: x', 'HTTP 201, body checked against the 8.0 “Planning group” schema; not undone: x'],
  ['404 with made-up ids (no fixture found)', 'HTTP 404 with made-up ids (no fixture found)'],
  ['200 application/json', 'HTTP 200 application/json'],
] as const;

const textVectors = [
  // Only a lifecycle observation starts with a status: a count stays a count.
  ['200 fees', '200 fees'],
  ['body against 8.0/asset: (root): expected required property assetSets', 'body against the 8.0 “Asset” schema: (root): expected required property assetSets'],
  // A path segment that reads like a schema id is part of the path.
  ['GET /rest/mp/8.0/asset answered 404', 'GET /rest/mp/8.0/asset answered 404'],
  [
    'not checked: GET /rest/mp/v1.1/ai-tagging is not served (404; finding media.ai-tagging-status.served)',
    "not checked: GET /rest/mp/v1.1/ai-tagging is not served (404; see that endpoint's finding)",
  ],
] as const;

describe('cells in plain words', () => {
  it.each(lifecycleVectors)('a lifecycle observation %j reads %j', (observed, words) => {
    expect(inPlainWords(observed, true)).toBe(words);
  });

  it.each(textVectors)('%j reads %j', (text, words) => {
    expect(inPlainWords(text)).toBe(words);
  });

  it('names every schema by a title of its own, without its endpoint or version', () => {
    for (const id of schemaIds) expect(schemaInWords(id), id).toMatch(/^the (?:(?:7\.4|8\.0) )?“[^“”(),]+” schema$/);
  });

  it('names a lifecycle check by what it did, any other by its title without the row\'s endpoint', () => {
    const entry = { id: 'media.ai-tagging-status', method: 'GET', path: '/rest/mp/v1.1/ai-tagging' } as const;
    expect(checkInWords(entry, { id: 'media.ai-tagging-status.absent-before-8.0', name: 'GET /rest/mp/v1.1/ai-tagging (8.0) is not served yet [media.ai-tagging-status.absent-before-8.0]' })).toBe('probed before 8.0');
    expect(checkInWords(entry, { id: 'media.ai-tagging-status.served', name: 'x [media.ai-tagging-status.served]' })).toBe('called');
    expect(
      checkInWords(entry, { id: 'media.ai-tagging-status.role-required', name: 'GET /rest/mp/v1.1/ai-tagging answers 403 to a user without the role [media.ai-tagging-status.role-required]' }),
    ).toBe('answers 403 to a user without the role');
  });
});
