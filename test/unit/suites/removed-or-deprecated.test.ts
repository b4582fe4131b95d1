/**
 * `media.archive-entries-asset.gone` on targets that answer as the vendor's
 * 8.0 media document says (the endpoint kept, deprecated: 200 with the
 * archive entries, 404 for an asset that does not exist) and on targets that
 * removed it: spec §4.4 "removed/deprecated" passes both ways and says which.
 */
import { describe, expect, it } from 'vitest';
import { deprecationSignal } from '../../../src/http/deprecation-headers.ts';
import { removedOrDeprecatedVerdict, type RemovedOrDeprecatedAnswer } from '../../../suites/modules/_removed-or-deprecated.ts';

const url = 'http://127.0.0.1:1/rest/mp/v1.0/archive-entries/asset/77403';
const probe = { call: 'GET /rest/mp/v1.0/archive-entries/asset/77403', spec: '§4.4', fixtures: ['FIXTURE_MEDIA_ASSET_ID'] };
/** Archive entries with the fields the vendor's example shows (name, size, asset_id, creation_date, id), values of our own. */
const entries = JSON.stringify([{ name: 'layout.indd', size: 4096, asset_id: 77403, creation_date: '2026-02-01T09:30:00Z', id: 5101 }]);
const answer = (status: number, text: string, options: Partial<RemovedOrDeprecatedAnswer> = {}): RemovedOrDeprecatedAnswer => ({ status, text, placeholders: false, ...options });

describe('removed/deprecated (spec §4.4)', () => {
  it('a target that keeps the endpoint, deprecated, as the vendor\'s 8.0 document does, passes and says so', () => {
    expect(removedOrDeprecatedVerdict(answer(200, entries), probe)).toEqual({
      outcome: 'deprecated',
      observation: 'deprecated, still served: HTTP 200; no Deprecation or Sunset header (the spec obliges none)',
    });
  });

  it('shows the deprecation signal it sent, the legacy boolean form included', () => {
    const signal = deprecationSignal('GET', url, 200, { deprecation: 'true' });
    const verdict = removedOrDeprecatedVerdict(answer(200, entries, { ...(signal && { signal }) }), probe);
    expect(verdict.outcome).toBe('deprecated');
    expect(verdict.outcome === 'deprecated' && verdict.observation).toContain('Deprecation: true (the boolean form of the drafts before RFC 9745');
  });

  it('a target that removed it passes with 404, 405 or 410 to a discovered id, and says so', () => {
    for (const status of [404, 405, 410]) {
      expect(removedOrDeprecatedVerdict(answer(status, '{"message":"Not Found"}'), probe)).toEqual({ outcome: 'removed', observation: `removed: HTTP ${status}` });
    }
  });

  it('a 404 to a made-up id proves nothing (the vendor answers 404 to an unknown asset): not checked, naming the variable', () => {
    const verdict = removedOrDeprecatedVerdict(answer(404, '[]', { placeholders: true }), { ...probe, call: 'GET /rest/mp/v1.0/archive-entries/asset/0' });
    expect(verdict.outcome).toBe('not-checked');
    expect(verdict.outcome === 'not-checked' && verdict.reason).toMatch(/^not checked: .*cannot tell a removed route from a missing entity; set FIXTURE_MEDIA_ASSET_ID$/);
    // A 405 or 410 is about the route, whatever the id.
    expect(removedOrDeprecatedVerdict(answer(405, '', { placeholders: true }), probe).outcome).toBe('removed');
  });

  it('anything else is neither, and the failure quotes the target', () => {
    const verdict = removedOrDeprecatedVerdict(answer(500, '{"code":"INTERNAL_SERVER_ERROR","message":"ArchiveEntryService is not available."}'), probe);
    expect(verdict).toEqual({
      outcome: 'neither',
      problem:
        'GET /rest/mp/v1.0/archive-entries/asset/77403 answered HTTP 500: {"code":"INTERNAL_SERVER_ERROR","message":"ArchiveEntryService is not available."}; spec §4.4 has it removed/deprecated in 8.0: removed answers 404, 405 or 410, deprecated still answers 2xx',
    });
  });
});
