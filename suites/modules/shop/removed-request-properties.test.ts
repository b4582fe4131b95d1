/**
 * Spec §2 "Shop advanced search", §4.7: 8.0 removed the request properties
 * `conflictTypes`, `orderData`, `text`, `conditions`, `categoryId`,
 * `filters`, `headerId` and `orderListId`. One check per property (from the
 * catalog's removedFields) sends a query holding only it, as an unchanged
 * 7.4 client would:
 * - refused (400 or 409) with an object body (spec §7): passes;
 * - answered 200 exactly as a search without it: an observation, since the
 *   spec does not say whether 8.0 refuses or ignores a removed property, and
 *   a 7.4 client then gets no error and no filtering;
 * - answered 200 differently (the property still applies): it was not removed, fails.
 */
import { expect } from 'vitest';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { advancedSearchQueries } from './_requests.ts';
import { advancedSearch, expectSearchBodyShape, skipUnlessChanged, searchEntry, searchLabels } from './_advanced-search.ts';
import { kebab, removedPropertyProbes } from './_removed-property-probes.ts';

const refusals = [400, 409];

for (const property of searchEntry.removedFields?.request ?? []) {
  const probe = Object.hasOwn(removedPropertyProbes, property) ? removedPropertyProbes[property] : undefined;
  check(
    {
      id: `shop.advanced-search.removed-property.${kebab(property)}`,
      title: `8.0 no longer applies the removed search property ${property}`,
      labels: searchLabels('§2'),
      concurrent: true,
      // Without a probe the check fails on every platform (below); its faults are the probe's.
      killedBy: probe?.killedBy ?? [],
      ...(probe?.observedBy && { observedBy: probe.observedBy }),
    },
    async (test) => {
      const { api, target } = await suiteContext();
      await skipUnlessChanged(test, target.version);
      if (!probe) throw new Error(`no probe value for the removed property ${property}`);
      const query = { ...advancedSearchQueries[target.version], [property]: probe.value };
      const response = await advancedSearch(api, query);
      await observe(test, `HTTP ${response.status} to a query with ${property}`);
      expectSearchBodyShape(response, target.version);
      if (refusals.includes(response.status)) return;
      expect(response.status, `status of a search with the removed property ${property}`).toBe(200);
      const without = await advancedSearch(api, advancedSearchQueries[target.version]);
      expect(without.status, 'status of the same search without it').toBe(200);
      expect(response.json(), `${property} still changes the result: it is not removed`).toEqual(without.json());
      await skipWithReason(
        test,
        `observation: 8.0 accepted the removed property ${property} (HTTP 200) and answered as without it: a 7.4 client sending it gets no error and no filtering`,
      );
    },
  );
}
