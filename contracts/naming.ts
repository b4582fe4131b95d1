/**
 * One naming scheme for every pact of the project:
 * - consumer `upgrade-guard` (the suite, standing in for an integration);
 * - provider `platform-<module>-<version>`, e.g. `platform-media-8.0`;
 * - pact-js names the file `<consumer>-<provider>.json`, so
 *   `contracts/pacts/upgrade-guard-platform-media-8.0.json`;
 * - each interaction carries its check id `contract.<module>.<slug>` as the
 *   pact's `testname` comment, so results map back to checks.
 */
import { moduleIdPrefix, type CatalogModule } from '../src/catalog/index.ts';
import type { PlatformVersion } from '../src/profile/versions.ts';

export const consumerName = 'upgrade-guard';

export const pactDirectory = new URL('./pacts/', import.meta.url).pathname;

export function providerName(module: CatalogModule, version: PlatformVersion): string {
  return `platform-${moduleIdPrefix(module)}-${version}`;
}

export function pactFileName(module: CatalogModule, version: PlatformVersion): string {
  return `${consumerName}-${providerName(module, version)}.json`;
}

export function contractCheckId(module: CatalogModule, slug: string): string {
  return `contract.${moduleIdPrefix(module)}.${slug}`;
}
