/**
 * Spec §4.4: POST …/ai-tagging/statistics/reset resets the tagging
 * statistics. The statistics' fields are not shown, so every counter (every
 * numeric member) of GET …/ai-tagging/statistics must read 0 afterwards.
 * A reset cannot be undone: on a real target it runs only with
 * ALLOW_MUTATIONS=true and ALLOW_IRREVERSIBLE=true, and the counters stay reset.
 */
import { expect } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import { check } from '../../../src/check/check.ts';
import { requireIrreversibleAllowed } from '../../../src/check/mutation-guard.ts';
import { recordDataChange, requestLine } from '../../../src/check/data-changes.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isRecord, mediaEntry, requireChange } from './_media.ts';
import { statisticsResetIrreversible } from './_requests.ts';

const reset = mediaEntry('media.ai-tagging-statistics-reset');
const statistics = mediaEntry('media.ai-tagging-statistics');

check(
  {
    id: 'media.ai-tagging-statistics-reset.counters-zeroed',
    title: 'after POST …/ai-tagging/statistics/reset, GET …/ai-tagging/statistics reports every counter as 0',
    labels: entryLabels(reset, 'AI tagging statistics'),
    killedBy: ['media-statistics-reset-ignored'], observedBy: ['media-ai-tagging-missing'],
  },
  async (test) => {
    await requireChange(test, reset, 'the statistics reset');
    const context = await suiteContext();
    await requireIrreversibleAllowed(test, context.target, `POST ${reset.path}`, statisticsResetIrreversible);
    const answered = await context.api.call({ method: reset.method, path: reset.path });
    if (answered.status < 300) {
      recordDataChange(test, { request: requestLine(reset.method, answered.url), target: 'the AI tagging statistics', undone: 'not undone', detail: 'the counters cannot be put back' });
    }
    expectStatus(answered, { call: sentCall(reset.method, answered), spec: '§4.4', promise: `lists POST ${reset.path} as served in 8.0` });
    const read = await context.api.call({ method: statistics.method, path: statistics.path });
    expect(read.status, `GET ${statistics.path}`).toBe(200);
    const body = read.json();
    expect(isRecord(body), 'the statistics are a JSON object').toBe(true);
    const counters = Object.entries(isRecord(body) ? body : {}).filter(([, value]) => typeof value === 'number');
    await observe(test, `counters after the reset: ${counters.map(([name, value]) => `${name}=${String(value)}`).join(', ') || 'none'}`);
    expect(counters.length, 'numeric counters in the statistics').toBeGreaterThan(0);
    expect(Object.fromEntries(counters.filter(([, value]) => value !== 0)), 'counters not reset to 0').toEqual({});
  },
);
