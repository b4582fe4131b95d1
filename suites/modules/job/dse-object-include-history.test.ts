/**
 * Spec §4.2: GET …/dse-object/{instanceId}/{l10nLocaleId} takes the new
 * query parameter `includeHistory`; with `true` the job object carries its
 * history. The spec names no field; the embedded platform and this check use
 * `histories`, the name of the job's history endpoint added beside it.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { dseObjectPath, entryLabels, isRecord, jobEntry, okBody, requireFixture, skipUnlessChanged } from './_job.ts';

const dseObject = jobEntry('job.dse-object');

check(
  {
    id: 'job.dse-object.include-history',
    title: 'includeHistory=true adds the job’s history to the job object',
    labels: entryLabels(dseObject),
    killedBy: ['job-include-history-ignored'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    await skipUnlessChanged(test, dseObject, context.target.version);
    const instanceId = await requireFixture(test, context, 'jobInstanceId');
    const l10nLocaleId = await requireFixture(test, context, 'locale');
    const body = okBody(
      await context.api.call({ method: 'GET', path: dseObjectPath, pathParams: { instanceId, l10nLocaleId }, query: { includeHistory: true } }),
      `GET ${dseObjectPath}?includeHistory=true`,
    );
    const histories = isRecord(body) ? body['histories'] : undefined;
    await observe(test, Array.isArray(histories) ? `${histories.length} history items` : 'no histories');
    expect(Array.isArray(histories), 'histories with includeHistory=true').toBe(true);
    // Every job has at least its creation in its history.
    expect(Array.isArray(histories) ? histories.length : 0, 'history items').toBeGreaterThan(0);
  },
);
