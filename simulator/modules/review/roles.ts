import { roles } from '../../fixtures/users.ts';

/** The review module's own role; the vendor's documents require it on every review operation but one (spec §4.5). */
export const reviewModuleRoles: readonly string[] = [roles.reviewManagerModuleAccess];
