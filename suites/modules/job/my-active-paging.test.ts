/**
 * Spec §2, §4 ("paginated": a page of items): my-active pages its
 * `{items, total}` envelope with offset and limit, in both versions.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isRecord, jobEntry, myActivePath, okBody, records } from './_job.ts';

const myActive = jobEntry('job.dashboard-my-active');

interface Page {
  readonly ids: readonly unknown[];
  readonly total: unknown;
}

async function page(api: PlatformApi, offset: number, limit: number): Promise<Page> {
  const body = okBody(await api.call({ method: 'GET', path: myActivePath, query: { offset, limit } }), `GET ${myActivePath}?offset=${offset}&limit=${limit}`);
  return { ids: records(isRecord(body) ? body['items'] : undefined).map((item) => item['jobInstanceId']), total: isRecord(body) ? body['total'] : undefined };
}

check(
  {
    id: 'job.my-active.paging',
    title: 'my-active honours offset and limit and reports the total of all pages',
    labels: entryLabels(myActive, '§2'),
    killedBy: ['job-my-active-paging-ignored'],
    concurrent: true,
  },
  async (test) => {
    const { api } = await suiteContext();
    const all = await page(api, 0, 100);
    await observe(test, `${String(all.total)} active jobs`);
    if (all.ids.length < 2) await skipWithReason(test, `paging needs at least two active jobs of the full user; my-active lists ${all.ids.length}`);
    const first = await page(api, 0, 1);
    const second = await page(api, 1, 1);
    expect(first, 'offset=0&limit=1').toEqual({ ids: all.ids.slice(0, 1), total: all.total });
    expect(second, 'offset=1&limit=1').toEqual({ ids: all.ids.slice(1, 2), total: all.total });
  },
);
