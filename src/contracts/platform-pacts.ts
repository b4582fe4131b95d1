/**
 * The project's own pacts (contracts/pacts/, committed): one file per module
 * and version, named by contracts/naming.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogModules } from '../catalog/index.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { pactDirectory, pactFileName } from '../../contracts/naming.ts';
import type { PactSource } from './pact-source.ts';

export function platformPactFiles(version: PlatformVersion, dir: string = pactDirectory): string[] {
  return catalogModules.map((module) => join(dir, pactFileName(module, version))).filter((file) => existsSync(file));
}

export function platformPactSource(version: PlatformVersion, dir: string = pactDirectory): PactSource {
  return { kind: 'files', label: `the ${version} contracts`, files: platformPactFiles(version, dir), checkIds: 'testname' };
}
