/**
 * All named faults, merged from one catalog per area. The kill matrix starts
 * the simulator with each of them; a fault nobody can observe is dead code.
 */
import { casFaults } from './cas.ts';
import { moduleFaults } from './modules.ts';
import type { FaultDefinition } from './fault.ts';

export const faultCatalog = Object.freeze({ ...casFaults, ...moduleFaults }) satisfies Readonly<Record<string, FaultDefinition>>;

export type FaultName = keyof typeof faultCatalog;

export const faultNames = Object.keys(faultCatalog) as FaultName[];

export function isFaultName(value: string): value is FaultName {
  return Object.hasOwn(faultCatalog, value);
}

/** The faults one platform instance runs with. */
export class FaultSet {
  readonly #active: ReadonlySet<FaultName>;

  constructor(names: Iterable<FaultName> = []) {
    this.#active = new Set(names);
  }

  has(name: FaultName): boolean {
    return this.#active.has(name);
  }

  get names(): readonly FaultName[] {
    return [...this.#active];
  }
}
