/**
 * The process environment as it was before vitest started. Vitest copies
 * Vite's `import.meta.env` into `process.env` (BASE_URL='/', MODE, DEV, PROD,
 * SSR) where those are unset, and BASE_URL is a variable of ours. The first
 * caller in the process (verify, or vitest.config.ts) takes the snapshot; it
 * lives on globalThis, which vitest's config bundle and module runner share.
 */
const key = Symbol.for('upgrade-guard.original-environment');

type Holder = typeof globalThis & { [key]?: Readonly<Record<string, string | undefined>> };

export function originalEnvironment(): Readonly<Record<string, string | undefined>> {
  const holder: Holder = globalThis;
  holder[key] ??= Object.freeze({ ...process.env });
  return holder[key];
}
