/**
 * The fee list of 8.0 (spec §2 "Fee list (planning)"): every fee has a
 * `type` string and a numeric `amount`. Asked without `query`, so the
 * whole list is seen.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { isJson, labelsFor, planningEntry, requireChange } from './_planning.ts';

const feeList = planningEntry('planning.fee-list');

check(
  {
    id: 'planning.fee-amounts-numeric',
    title: 'every fee of GET /fee has a type string and a numeric amount',
    labels: labelsFor(feeList.id, '§2'),
    killedBy: ['planning-fee-amount-string'],
    concurrent: true,
  },
  async (test) => {
    await requireChange(test, feeList.id, 'the fee list');
    const context = await suiteContext();
    const response = await context.api.call({ method: 'GET', path: feeList.path });
    expect(response.status, `status of GET ${feeList.path}`).toBe(200);
    const body = response.json();
    const fees = isJson(body) && Array.isArray(body.fees) ? body.fees : undefined;
    expect(fees, 'a fees array').toBeDefined();
    if (!fees || fees.length === 0) return skipWithReason(test, 'the target has no fees to look at');
    await observe(test, `${fees.length} fees`);
    const wrong = fees.flatMap((fee, index) => {
      const problems: string[] = [];
      if (!isJson(fee) || typeof fee.type !== 'string') problems.push(`/fees/${index}/type is not a string`);
      if (!isJson(fee) || typeof fee.amount !== 'number' || !Number.isFinite(fee.amount)) problems.push(`/fees/${index}/amount is ${isJson(fee) ? JSON.stringify(fee.amount) : 'missing'}, not a number`);
      return problems;
    });
    expect(wrong, 'fees with a wrong type or amount').toEqual([]);
  },
);
