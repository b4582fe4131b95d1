/**
 * Deprecation and Sunset signals (RFC 9745, RFC 8594) read from a response,
 * and the simulator's `deprecationHeaders` option that sends them: well formed,
 * malformed, or (by default) not at all.
 */
import { describe, expect, it } from 'vitest';
import { deprecationSignal, describeSignal, isMalformed } from '../../src/http/deprecation-headers.ts';
import { createPlatform } from '../../simulator/platform.ts';
import type { DeprecationHeaderMode } from '../../simulator/http/deprecation-notices.ts';
import { ManualClock, obtainTokens } from '../simulator/_sim.ts';

const url = 'http://127.0.0.1:4080/maps/rest/api/v1.0/usergroups/all?x=1';

describe('reading Deprecation and Sunset headers', () => {
  const vectors = [
    { headers: {}, expected: undefined },
    { headers: { link: '</next>; rel="next"' }, expected: undefined },
    { headers: { deprecation: '@1688169599' }, expected: 'Deprecation: @1688169599 (2023-06-30T23:59:59.000Z)' },
    { headers: { sunset: 'Wed, 30 Jun 2027 23:59:59 GMT' }, expected: 'Sunset: Wed, 30 Jun 2027 23:59:59 GMT (2027-06-30T23:59:59.000Z)' },
    { headers: { link: '<https://example.com/d>; rel="deprecation", </s>; rel="sunset"' }, expected: 'Link rel="deprecation" <https://example.com/d>; Link rel="sunset" </s>' },
  ] as const;
  for (const vector of vectors) {
    it(`reads ${JSON.stringify(vector.headers)}`, () => {
      const signal = deprecationSignal('GET', url, 200, vector.headers);
      if (vector.expected === undefined) return expect(signal).toBeUndefined();
      expect(signal && describeSignal(signal)).toBe(vector.expected);
      expect(signal?.path).toBe('/maps/rest/api/v1.0/usergroups/all');
      expect(signal && isMalformed(signal)).toBe(false);
    });
  }

  it('recognises the legacy Deprecation: true of the drafts before RFC 9745 and says so, rather than calling it malformed', () => {
    const signal = deprecationSignal('GET', url, 200, { deprecation: 'true' });
    expect(signal && isMalformed(signal)).toBe(false);
    expect(signal?.deprecation?.legacy).toBeDefined();
    expect(signal && describeSignal(signal)).toBe(
      'Deprecation: true (the boolean form of the drafts before RFC 9745: deprecated, without a date; RFC 9745 §2.1 sends @<seconds since the epoch>)',
    );
  });

  const malformed = [
    { deprecation: 'false' },
    { deprecation: '?1' },
    { deprecation: '1688169599' },
    { deprecation: 'Sun, 06 Nov 1994 08:49:37 GMT' },
    { sunset: '2027-06-30' },
    { sunset: 'Thu, 30 Jun 2027 23:59:59 GMT' },
    { sunset: '@1688169599' },
    { link: 'https://example.com/d; rel=deprecation' },
  ];
  for (const headers of malformed) {
    it(`reports ${JSON.stringify(headers)} as malformed, with the value`, () => {
      const signal = deprecationSignal('GET', url, 200, headers);
      expect(signal && isMalformed(signal)).toBe(true);
      expect(signal && describeSignal(signal)).toContain(`MALFORMED`);
      expect(signal && describeSignal(signal)).toContain(JSON.stringify(Object.values(headers)[0]));
    });
  }
});

describe('the simulator sends Deprecation headers only when told to', () => {
  async function answer(mode: DeprecationHeaderMode | undefined, path: string): Promise<Readonly<Record<string, string | readonly string[]>>> {
    const platform = createPlatform({ version: '8.0', ...(mode && { deprecationHeaders: mode }) });
    const address = await platform.listen(0);
    try {
      const { accessToken } = await obtainTokens({ platform, address, clock: new ManualClock(), version: '8.0' });
      const response = await platform.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${accessToken}` } });
      expect(response.status).toBe(200);
      return response.headers ?? {};
    } finally {
      await platform.close();
    }
  }

  it('sends nothing by default, well-formed headers with "sent", malformed ones with "malformed"', async () => {
    const path = '/maps/rest/api/v1.0/usergroups/all';
    const plain = await answer(undefined, path);
    expect(plain.deprecation).toBeUndefined();
    const sent = await answer('sent', path);
    const sentSignal = deprecationSignal('GET', path, 200, asHeaders(sent));
    expect(sentSignal && isMalformed(sentSignal)).toBe(false);
    expect(sentSignal?.deprecation?.date).toBeDefined();
    expect(sentSignal?.sunset?.date).toBeDefined();
    expect(sentSignal?.links.map((link) => link.rel)).toEqual(['deprecation']);
    const broken = deprecationSignal('GET', path, 200, asHeaders(await answer('malformed', path)));
    expect(broken?.deprecation?.malformed).toBeDefined();
    expect(broken?.sunset?.malformed).toBeDefined();
  });
});

function asHeaders(headers: Readonly<Record<string, string | readonly string[]>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, typeof value === 'string' ? value : value.join(', ')]));
}

