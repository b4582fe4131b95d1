/**
 * Called by the run's setup (src/runner/run-setup.ts), before any of its work,
 * in the process that runs vitest. With the transform cache on disk
 * (src/runner/module-cache.ts) vitest 4.1's main-process module runner gets
 * a cached module's code as a Buffer, and vite's source mapping of a stack
 * trace (the `Error.prepareStackTrace` it installs) throws "code.charCodeAt
 * is not a function" on the first frame in such a module, in place of the
 * stack that was asked for. Playwright reads a stack on every call it makes
 * (to name its caller), so LOGIN_DRIVER=browser ended in that INTERNAL
 * error, and any error of the setup lost its own. So a stack that cannot
 * be mapped is given as V8 writes it, unmapped: a stack through a cached
 * module (DEBUG=1's, say) shows positions in the transformed code.
 */
const guarded = Symbol.for('upgrade-guard.stack-mapping-guard');
type PrepareStackTrace = NonNullable<ErrorConstructor['prepareStackTrace']>;
type Guarded = PrepareStackTrace & { [guarded]?: true };

/** Wraps the installed `Error.prepareStackTrace`, once: a stack it cannot map is written unmapped instead of throwing. */
export function guardStackMapping(): void {
  const mapStack = Error.prepareStackTrace as Guarded | undefined;
  if (!mapStack || mapStack[guarded]) return;
  const guard: Guarded = (error, frames) => {
    try {
      return mapStack(error, frames);
    } catch {
      return [unmappedHeader(error), ...frames.map((frame) => `    at ${String(frame)}`)].join('\n');
    }
  };
  guard[guarded] = true;
  Error.prepareStackTrace = guard;
}

function unmappedHeader(error: Error): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return 'Error';
  }
}
