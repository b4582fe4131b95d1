/**
 * Roles the media routes demand. The bearer guard checks them before a
 * handler runs. AI tagging and AI administration need the search
 * configuration role (spec §5.11) on top of module access.
 */
import { roles } from '../../fixtures/users.ts';
import type { ModuleContext } from '../context.ts';

export const mediaAccess: readonly string[] = [roles.mediaModuleAccess];

export function aiTaggingAccess(context: ModuleContext): readonly string[] {
  if (context.faults.has('media-ai-tagging-role-not-enforced')) return mediaAccess;
  return [roles.mediaModuleAccess, roles.manageMpSearchConfiguration];
}
