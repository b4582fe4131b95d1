/**
 * Whether this machine has the documents that sit next to the repository and never in it: the spec
 * (`../shared/spec`) and the vendor's OpenAPI documents (`../shared/reference/openapi`). Decided once per
 * `npm test` by vitest's global setup; the tests that read them ask with `inject('sharedDocuments')`.
 *
 * Without them a developer's run skips those tests and prints one line naming what is missing; under CI
 * (`CI=true`, as .ci/run sets it) they run and fail, so a CI clone without the documents is never green by
 * skipping (as the browser tests, browser-tests.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { underCi } from './under-ci.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Run the tests that read the spec or the vendor's documents: they are there, or CI wants those tests to fail without them. */
    sharedDocuments: boolean;
  }
}

const sharedDir = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const specFile = `${sharedDir}spec/platform-api-7.4-to-8.0.md`;
export const vendorOpenapiDir = `${sharedDir}reference/openapi`;

export default function setup(project: TestProject): void {
  const missing = [specFile, vendorOpenapiDir].filter((path) => !existsSync(path));
  const ci = underCi(process.env);
  if (missing.length > 0) {
    const tests = "tests that read the spec or the vendor's OpenAPI documents";
    const then = ci ? `CI=true, so the ${tests} run and fail` : `${tests} skipped`;
    process.stdout.write(`${then}: no ${missing.join(' and no ')}; they sit next to the repository (../shared), never in it\n`);
  }
  project.provide('sharedDocuments', missing.length === 0 || ci);
}
