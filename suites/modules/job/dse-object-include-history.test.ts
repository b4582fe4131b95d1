/**
 * Spec §4.2: GET …/dse-object/{instanceId}/{l10nLocaleId} takes the new
 * query parameter `includeHistory`. That is all the spec says: it names no
 * field for the history, and the vendor's 8.0 DseObjectDto lists none. So the
 * check asks only that both values are accepted and answer the same job,
 * and reports which members `includeHistory=true` added, if any (_include-history.ts).
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { dseObjectPath, entryLabels, jobEntry, requireFixture, skipUnlessChanged } from './_job.ts';
import { includeHistoryVerdict, type DseObjectAnswer } from './_include-history.ts';

const dseObject = jobEntry('job.dse-object');

check(
  {
    id: 'job.dse-object.include-history',
    title: 'includeHistory=true and =false are accepted and answer the same job object',
    labels: entryLabels(dseObject),
    killedBy: ['job-include-history-rejected'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    await skipUnlessChanged(test, dseObject, context.target.version);
    const instanceId = await requireFixture(test, context, 'jobInstanceId');
    const l10nLocaleId = await requireFixture(test, context, 'locale');
    const answers: DseObjectAnswer[] = [];
    for (const includeHistory of [true, false]) {
      const response = await context.api.call({ method: 'GET', path: dseObjectPath, pathParams: { instanceId, l10nLocaleId }, query: { includeHistory } });
      const accepted = response.status >= 200 && response.status < 300;
      answers.push(accepted ? { includeHistory, status: response.status, body: response.json() } : { includeHistory, status: response.status, refusal: response.text.slice(0, 200) });
    }
    const verdict = includeHistoryVerdict(answers, instanceId, dseObjectPath);
    await observe(test, verdict.observation);
    expect(verdict.problems, 'includeHistory').toEqual([]);
  },
);
