/**
 * All named faults, merged from one catalog per area. The kill matrix starts
 * the simulator with each of them; a fault nobody can observe is dead code.
 */
import { casFaults } from './cas.ts';
import { moduleFaults } from './modules.ts';
import type { FaultDefinition } from './fault.ts';
import { isQuirkName, type QuirkName } from './quirks.ts';

export { quirkCatalog, quirkNames, isQuirkName, type QuirkName } from './quirks.ts';

export const faultCatalog = Object.freeze({ ...casFaults, ...moduleFaults }) satisfies Readonly<Record<string, FaultDefinition>>;

export type FaultName = keyof typeof faultCatalog;

export const faultNames = Object.keys(faultCatalog) as FaultName[];

export function isFaultName(value: string): value is FaultName {
  return Object.hasOwn(faultCatalog, value);
}

/** A named departure from the clean platform: a fault (breaks the spec) or a quirk (keeps it, quirks.ts). */
export type DeviationName = FaultName | QuirkName;

export function isDeviationName(value: string): value is DeviationName {
  return isFaultName(value) || isQuirkName(value);
}

/** Told each time the platform asks whether a fault (or quirk) is on, whatever the answer. */
export type FaultConsulted = (name: DeviationName) => void;

/** The faults (and quirks) one platform instance runs with. */
export class FaultSet {
  readonly #active: ReadonlySet<DeviationName>;
  readonly #consulted: FaultConsulted | undefined;

  /**
   * `onConsulted` sees every question: a fault that is never asked about
   * while a client talks to the platform cannot change what the client sees
   * (the kill matrix's contract trace relies on this).
   */
  constructor(names: Iterable<DeviationName> = [], onConsulted?: FaultConsulted) {
    this.#active = new Set(names);
    this.#consulted = onConsulted;
  }

  has(name: DeviationName): boolean {
    this.#consulted?.(name);
    return this.#active.has(name);
  }

  get names(): readonly DeviationName[] {
    return [...this.#active];
  }
}
