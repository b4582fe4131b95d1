/**
 * Spec §5.11: the AI administration and AI tagging services need the role
 * PLATFORM_ORGANISATION_MANAGE_MP_SEARCH_CONFIGURATION. The limited user
 * has media module access but not that role: 403; the full user: 200.
 * Generated from the catalog's roles. Only the reads are probed: a service
 * that does not enforce the role would let the limited user's POST or
 * DELETE change data, and the reads show the enforcement as well.
 */
import { expect } from 'vitest';
import { declaredFaults } from '../../../src/catalog/faults.ts';
import { entriesFor } from '../../../src/catalog/index.ts';
import { platformRoles, roleRequirements } from '../../../src/catalog/roles.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { callEntry } from '../_lifecycle.ts';
import { endpointOf, entryLabels, pathFixtures, requireChange } from './_media.ts';

const role = platformRoles.manageMpSearchConfiguration;
const needsRole = (roles: readonly string[] | undefined): boolean => roles?.includes(role) === true;
/** The requirement these checks are generated from; it declares their faults. */
const faults = declaredFaults('role requirement media.ai-services', roleRequirements.find((candidate) => candidate.id === 'media.ai-services')?.faults);

for (const entry of entriesFor('media')) {
  if (entry.method !== 'GET' || !Object.values(entry.roles ?? {}).some(needsRole)) continue;
  check(
    {
      id: `${entry.id}.role-required`,
      title: `${endpointOf(entry)} answers 403 to a user without ${role} and 200 to one with it`,
      labels: entryLabels(entry, 'roles', '§5.11'),
      concurrent: true,
      ...faults,
    },
    async (test) => {
      await requireChange(test, entry, `the ${role} requirement`);
      const context = await suiteContext();
      if ('unavailable' in context.limited) return skipWithReason(test, context.limited.unavailable);
      const input = await pathFixtures(test, context, entry);
      const limited = await callEntry(context.limited.api, entry, {}, input);
      const full = await callEntry(context.api, entry, {}, input);
      await observe(test, `limited user ${limited.status}, full user ${full.status}`);
      expect({ limited: limited.status, full: full.status }).toEqual({ limited: 403, full: 200 });
    },
  );
}
