/** Roles the shop routes demand; the bearer guard checks them before a handler runs. */
import { roles } from '../../fixtures/users.ts';

export const shopAccess: readonly string[] = [roles.shopModuleAccess];
