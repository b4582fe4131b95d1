/**
 * The embedded platform's starter, loaded once per process. The global
 * setup runs in vitest's module graph, inside verify's process: through
 * vite's module runner it would load the simulator's modules a second time,
 * one after the other, and the workers start only once it has returned, so
 * that load would sit on the run's critical path.
 * The command that starts the run (runSuites) lends the starter of its own
 * module graph; under plain `vitest` none is lent and the global setup
 * loads its own. globalThis is the one object both module graphs share (as
 * setup-failures.ts).
 */
import { UpgradeGuardError, isErrorCode, isUpgradeGuardError } from '../errors.ts';
import type { startEmbeddedTarget } from './embedded.ts';

export type EmbeddedStarter = typeof startEmbeddedTarget;

const key = Symbol.for('upgrade-guard.embedded-starter');

type Holder = typeof globalThis & { [key]?: EmbeddedStarter };

/** Makes `start` the process's starter: the same module's function whoever lends it, so it stays lent. */
export function lendEmbeddedStarter(start: EmbeddedStarter): void {
  (globalThis as Holder)[key] = start;
}

/** The lent starter, its coded errors made this graph's own; else this graph's own starter, loaded now. */
export async function embeddedStarter(): Promise<EmbeddedStarter> {
  const lent = (globalThis as Holder)[key];
  if (!lent) return (await import('./embedded.ts')).startEmbeddedTarget;
  return (config, runTarget, options) => lent(config, runTarget, options).catch((error: unknown) => Promise.reject(ownCoded(error)));
}

/** A coded error of the lender's graph is no `instanceof` this graph's: rebuilt, it keeps its code and exit status. */
function ownCoded(error: unknown): unknown {
  if (isUpgradeGuardError(error) || !(error instanceof Error) || error.name !== 'UpgradeGuardError') return error;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && isErrorCode(code) ? new UpgradeGuardError(code, error.message, { cause: error }) : error;
}
