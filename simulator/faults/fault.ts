import type { SimVersion } from '../version.ts';

/** One documented deviation from the spec that the simulator can be started with. */
export interface FaultDefinition {
  /** What the platform does wrong, in one sentence. */
  readonly description: string;
  /** The spec section the deviation breaks. */
  readonly spec: string;
  /** Versions in which the fault changes behaviour. */
  readonly versions: readonly SimVersion[];
}

export type FaultCatalog = Readonly<Record<string, FaultDefinition>>;
