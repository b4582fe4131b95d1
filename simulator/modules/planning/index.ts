import type { ModuleRegistrar } from '../context.ts';
import { createPlanningFixtures } from '../../fixtures/planning.ts';
import { servesAdditions } from './additions.ts';
import { registerDimensionNodeUpdate } from './dimension-node-update.ts';
import { registerDimensions } from './dimensions.ts';
import { registerFees } from './fees.ts';
import { registerGroups } from './groups.ts';
import { registerNodeGroups } from './node-groups.ts';
import { registerNodeCopy } from './node-copy.ts';
import { registerNodeTypes } from './node-types.ts';
import { registerNodes } from './nodes.ts';
import { registerPublicViews } from './public-views.ts';
import { registerTasks } from './tasks.ts';
import { registerTrees } from './trees.ts';
import { registerUserGroups } from './usergroups.ts';
import { registerViewUsage } from './view-usage.ts';
import { registerViews } from './views.ts';

/**
 * The planning module's routes (prefix /maps/rest/api/{version}, spec
 * §4.3). Each registrar decides which of its routes the instance's version
 * serves; every platform instance gets its own fixtures.
 */
export const registerPlanningModule: ModuleRegistrar = (router, context) => {
  const state = createPlanningFixtures();
  registerTrees(router, context, state);
  registerNodes(router, context, state);
  registerNodeCopy(router, context, state);
  registerNodeTypes(router, context, state);
  registerDimensions(router, context, state);
  registerDimensionNodeUpdate(router, context, state);
  registerGroups(router, context, state);
  registerNodeGroups(router, context, state);
  registerUserGroups(router, context, state);
  registerFees(router, context, state);
  registerTasks(router, context, state);
  registerPublicViews(router, context, state);
  const views = router.when(() => servesAdditions(context) && !context.faults.has('planning-views-missing'));
  registerViews(views, context, state);
  registerViewUsage(views, context, state);
};
