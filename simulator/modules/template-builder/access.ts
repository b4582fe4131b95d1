/** Roles the template-builder routes demand; the bearer guard checks them before a handler runs. */
import { roles } from '../../fixtures/users.ts';

export const templateBuilderAccess: readonly string[] = [roles.templateBuilderModuleAccess];
