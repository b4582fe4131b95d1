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

/** Told each time the platform asks whether a fault is on, whatever the answer. */
export type FaultConsulted = (name: FaultName) => void;

/** The faults one platform instance runs with. */
export class FaultSet {
  readonly #active: ReadonlySet<FaultName>;
  readonly #consulted: FaultConsulted | undefined;

  /**
   * `onConsulted` sees every question: a fault that is never asked about
   * while a client talks to the platform cannot change what the client sees
   * (the kill matrix's contract trace relies on this).
   */
  constructor(names: Iterable<FaultName> = [], onConsulted?: FaultConsulted) {
    this.#active = new Set(names);
    this.#consulted = onConsulted;
  }

  has(name: FaultName): boolean {
    this.#consulted?.(name);
    return this.#active.has(name);
  }

  get names(): readonly FaultName[] {
    return [...this.#active];
  }
}
