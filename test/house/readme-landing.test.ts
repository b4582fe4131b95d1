/**
 * The README is a landing page: what it is, the two commands, a real target,
 * the reports, the exit codes, where to start in the code. The reference is
 * in docs/, one file per topic, so the page stays short.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the README', () => {
  it('is at most 300 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  it.each(['npm ci && npm run verify', 'npm ci && npm test'])('shows the command %s', (command) => {
    expect(readme).toContain(command);
  });
});
