import { roles } from '../../fixtures/users.ts';

/**
 * Every job route needs an authenticated user. The vendor names finer roles
 * per operation (spec §5.13 mentions them without listing them); the
 * simulator's users all hold the module role, so the authenticated role is
 * the requirement that decides.
 */
export const jobRoles: readonly string[] = [roles.authenticated];
