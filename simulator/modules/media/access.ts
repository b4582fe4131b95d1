/**
 * Roles the media routes demand. The bearer guard checks them before a
 * handler runs. AI tagging and AI administration need the search
 * configuration role (spec §5.11) on top of module access.
 */
import { roles } from '../../fixtures/users.ts';
import type { Roles } from '../../http/router.ts';
import type { ModuleContext } from '../context.ts';

export const mediaAccess: readonly string[] = [roles.mediaModuleAccess];

const aiTaggingRoles: readonly string[] = [roles.mediaModuleAccess, roles.manageMpSearchConfiguration];

/** Decided per request: the fault is asked about only when an AI tagging route is called. */
export function aiTaggingAccess(context: ModuleContext): Roles {
  return () => (context.faults.has('media-ai-tagging-role-not-enforced') ? mediaAccess : aiTaggingRoles);
}
