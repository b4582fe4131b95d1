/**
 * Whether an instance serves the planning endpoints that 8.0 adds (spec
 * §4.3): every 8.0 instance, and a 7.4 instance whose patch level already
 * has them (the fault `planning-additions-served-early`; the vendor's 7.4.2
 * document lists several of them).
 */
import type { ModuleContext } from '../context.ts';

export function servesAdditions(context: ModuleContext): boolean {
  return context.version === '8.0' || context.faults.has('planning-additions-served-early');
}

/** The three node-allchildren reads 8.0 adds (nodes, dimensions, tasks), which one fault leaves out together. */
export function servesAllChildren(context: ModuleContext): boolean {
  return servesAdditions(context) && !context.faults.has('planning-node-allchildren-missing');
}
