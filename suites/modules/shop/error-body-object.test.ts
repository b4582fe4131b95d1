/**
 * Spec §4.7, §7: in 8.0 the advanced search answers an object for 200, 400,
 * 409 and 500, not only for a result. A query that is not an object (a JSON
 * array, as a 7.4 client could never have sent either) is refused; the
 * refusal must be an object too.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { advancedSearch, expectSearchBodyShape, skipUnlessChanged, searchEntry, searchLabels } from './_advanced-search.ts';

/** The statuses spec §7 names for the search, besides 200. */
const refusalStatuses = (searchEntry.statusCodes ?? []).filter((status) => status >= 400);

check(
  {
    id: 'shop.advanced-search.error-body-object',
    title: 'a refused advanced search answers 400, 409 or 500 with an object body',
    labels: searchLabels('§7'),
    killedBy: ['shop-search-errors-still-array'],
    concurrent: true,
  },
  async (test) => {
    const { api, target } = await suiteContext();
    await skipUnlessChanged(test, target.version);
    const response = await advancedSearch(api, []);
    await observe(test, `HTTP ${response.status} to an array query`);
    expect(refusalStatuses, 'status of a search whose query is an array').toContain(response.status);
    expectSearchBodyShape(response, target.version);
  },
);
