/**
 * Spec §4.5, §5.12: `_get-general-info` requires REVIEW_MANAGER_MODULE_ACCESS
 * in 7.4 and only AUTHENTICATED in 8.0. The limited user (DESIGN.md target
 * contract) is authenticated but lacks REVIEW_MANAGER_MODULE_ACCESS: 403 in
 * 7.4, 200 in 8.0. The roles come from the catalog's role requirement.
 */
import { expect } from 'vitest';
import { platformRoles, roleRequirements } from '../../../src/catalog/roles.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { generalInfoEntry, generalInfoLabels, requireReviewId } from './_review.ts';

const requirement = roleRequirements.find((candidate) => candidate.id === 'review.general-info');
if (!requirement) throw new Error('the catalog has no review.general-info role requirement');

/** The roles the limited user does not hold (DESIGN.md "The target contract"). */
const limitedUserLacks: readonly string[] = [platformRoles.reviewManagerModuleAccess, platformRoles.manageMpSearchConfiguration];

check(
  {
    id: 'review.general-info.limited-user',
    title: '_get-general-info answers the limited user per the version’s role (7.4: 403, REVIEW_MANAGER_MODULE_ACCESS; 8.0: 200, AUTHENTICATED)',
    labels: generalInfoLabels(requirement.specSection),
    // A skipped login challenge logs the limited user in as the full one; 7.4 only: on 8.0 the limited user may read general info anyway (spec §5.12).
    killedBy: ['login-challenge-skipped@7.4', 'review-general-info-old-role', 'review-general-info-role-not-enforced'], observedBy: ['review-general-info-missing'],
    concurrent: true,
  },
  async (test) => {
    const context = await suiteContext();
    const roles = requirement.roles?.[context.target.version];
    if (!roles) return skipWithReason(test, `the spec names no role for ${context.target.version}`);
    if ('unavailable' in context.limited) return skipWithReason(test, context.limited.unavailable);
    const id = await requireReviewId(test, context);
    const expected = roles.some((role) => limitedUserLacks.includes(role)) ? 403 : 200;
    const response = await context.limited.api.call({ method: generalInfoEntry.method, path: generalInfoEntry.path, pathParams: { id } });
    await observe(test, `HTTP ${response.status} to the limited user (required: ${roles.join(', ')})`);
    expect(response.status, `status of ${generalInfoEntry.path} for a user without ${platformRoles.reviewManagerModuleAccess}`).toBe(expected);
  },
);
