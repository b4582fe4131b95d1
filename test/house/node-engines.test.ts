/**
 * Every installed package runs on the oldest Node the project supports
 * (`engines.node` in package.json; the brief pins versions that run on
 * Node 20). Read off package-lock.json, which records each package's own
 * `engines`: a dependency bump that needs a newer Node fails here, naming the
 * package, instead of as an `npm ci` warning nobody reads (openapi-backend
 * 5.21 pulled in @apidevtools/json-schema-ref-parser 16, which needs Node
 * 22.19).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  readonly version?: string;
  readonly engines?: Readonly<Record<string, string>> | readonly string[];
}

interface Lockfile {
  readonly packages: Readonly<Record<string, LockedPackage>>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The installed packages (not the project itself, the "" entry) whose `engines.node` leaves out `node`. */
function packagesThatNeedNewerNode(lockfile: Lockfile, node: string): string[] {
  return Object.entries(lockfile.packages).flatMap(([path, locked]) => {
    // An array `engines` is a long-deprecated form npm ignores; only the object form names Node.
    const range = path !== '' && locked.engines && !Array.isArray(locked.engines) ? (locked.engines as Record<string, string>).node : undefined;
    return range !== undefined && !semver.satisfies(node, range) ? [`${path.replace(/^node_modules\//, '')}@${locked.version ?? '?'} needs node ${range}`] : [];
  });
}

const projectRange = readJson<{ engines: { node: string } }>('package.json').engines.node;
const oldestSupported = semver.minVersion(projectRange)?.version;

describe('installed packages and the supported Node', () => {
  it('names the oldest Node the project supports', () => {
    expect(oldestSupported, `package.json engines.node ${projectRange}`).toMatch(/^20\./);
  });

  it('every package in package-lock.json runs on it', () => {
    expect(packagesThatNeedNewerNode(readJson<Lockfile>('package-lock.json'), oldestSupported ?? projectRange)).toEqual([]);
  });

  it('names a package whose engines leave that Node out', () => {
    const lockfile: Lockfile = {
      packages: {
        '': { engines: { node: '>=30' } },
        'node_modules/a': { version: '1.0.0', engines: { node: '>=22.19.0' } },
        'node_modules/b/node_modules/c': { version: '2.0.0', engines: { node: '>=18' } },
        'node_modules/d': { version: '3.0.0', engines: ['node >= 99'] },
      },
    };
    expect(packagesThatNeedNewerNode(lockfile, '20.19.0')).toEqual(['a@1.0.0 needs node >=22.19.0']);
  });
});
