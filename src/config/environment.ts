/**
 * The process environment as it was before vitest started. Vitest copies
 * Vite's `import.meta.env` into `process.env` (BASE_URL='/', MODE, DEV,
 * PROD) where those are unset, and BASE_URL is a variable of ours. This module
 * takes its copy when it is first evaluated: a command imports it at its start,
 * and vitest evaluates `vitest.config.ts` before it changes `process.env` (a
 * watch run that restarts reads that file again, and is told to start anew).
 */
const snapshot: Readonly<Record<string, string | undefined>> = Object.freeze({ ...process.env });

export function originalEnvironment(): Readonly<Record<string, string | undefined>> {
  return snapshot;
}
