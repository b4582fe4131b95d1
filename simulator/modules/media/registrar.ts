import type { Router } from '../../http/router.ts';
import type { MediaState } from '../../fixtures/media.ts';
import type { ModuleContext } from '../context.ts';

/** One group of media routes, registered with the instance's state. */
export type MediaRoutes = (router: Router, context: ModuleContext, state: MediaState) => void;
