import type { Router } from '../../http/router.ts';
import type { TemplateBuilderState } from '../../fixtures/template-builder.ts';
import type { ModuleContext } from '../context.ts';

/** One group of template-builder routes, registered with the instance's state. */
export type TemplateBuilderRoutes = (router: Router, context: ModuleContext, state: TemplateBuilderState) => void;
