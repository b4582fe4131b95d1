/**
 * What the workers need to know about vendor conformance (vitest `provide`):
 * where the vendor's documents are and where module exchanges are kept
 * until the conformance suite reads them. Absent: conformance is off.
 */
import { join } from 'node:path';

export interface ConformanceSettings {
  /** OPENAPI_DIR, as configured. */
  readonly openapiDir: string;
  /** Generated output: the run's module exchanges, one folder per run target. */
  readonly exchangesDir: string;
}

export function conformanceSettings(openapiDir: string | undefined, reportsDir: string): ConformanceSettings | undefined {
  return openapiDir === undefined ? undefined : { openapiDir, exchangesDir: join(reportsDir, 'conformance-exchanges') };
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance?: ConformanceSettings;
  }
}
