/**
 * The error catalog, the README's exit-code table and the codes agree
 * (STYLE.md: catalog, docs and types are checked against each other).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from '../../src/errors.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('error catalog', () => {
  it('gives every code its own exit status', () => {
    const statuses = Object.values(errorCatalog).map((entry) => entry.exitCode);
    expect(new Set(statuses).size).toBe(statuses.length);
  });

  for (const [code, entry] of Object.entries(errorCatalog)) {
    if (code === 'CHECKS_FAILED' || code === 'INTERNAL') continue;
    it(`documents ${code} with exit status ${entry.exitCode} in the README`, () => {
      expect(readme).toMatch(new RegExp(`\\| \`${code}\` \\| ${entry.exitCode} \\|`));
    });
  }
});
