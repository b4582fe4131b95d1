import type { Router } from '../http/router.ts';
import type { FaultSet } from '../faults/index.ts';
import type { SimVersion } from '../version.ts';

/** What a module gets when it registers its routes on a platform instance. */
export interface ModuleContext {
  readonly version: SimVersion;
  readonly faults: FaultSet;
  /** The platform's public base URL, known once it listens (for absolute links in bodies). */
  readonly baseUrl: () => string;
}

export type ModuleRegistrar = (router: Router, context: ModuleContext) => void;
