import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/report/summary.ts';

describe('the console summary', () => {
  it('names the target in its first line, so an embedded run is never mistaken for staging', () => {
    const text = formatSummary({ checks: [{ project: 'embedded 8.0', file: 'x', id: 'auth.state-echo', name: 'n', state: 'passed' }], errors: [] }, 'the EMBEDDED SIMULATOR');
    const firstLine = text.split('\n').find((line) => line.trim() !== '');
    expect(firstLine).toBe('upgrade-guard summary: the EMBEDDED SIMULATOR');
    expect(text).toContain('embedded 8.0');
  });
});
