/**
 * `verify --shard i/n`: a deterministic part of a run, for a CI matrix. The
 * unit is the suite file: the run's files (after `--suites`), sorted by
 * their path in the repository, are dealt out in turn, file k to shard
 * (k mod n) + 1. The same tree gives every machine the same part, whatever
 * its file system's order. Each shard runs its files against every target of
 * the run, so both versions of an endpoint stay side by side in one shard.
 *
 * The cross-version contract comparison (7.4 pacts against the 8.0 target)
 * belongs to the contract suite: it runs in the shard that holds
 * `suites/contracts/contracts.test.ts`. It reads no suite result, only the
 * committed pacts and the 8.0 target, so it never needs the other shards.
 */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** `i/n` with 1 ≤ i ≤ n; anything else is a value out of range, USAGE (docs/command-line.md): never a whole run. */
export function parseShard(value: string): Shard {
  const match = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index > count) {
    throw new UpgradeGuardError('USAGE', `--shard "${value}": expected i/n with 1 ≤ i ≤ n, e.g. --shard 1/2`);
  }
  return { index, count };
}

export function shardLabel(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** The suite files (`suites/<folder>/…/*.test.ts`, repository-relative with `/`), sorted, under the given folders. */
export async function suiteFiles(root: string, folders: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const folder of folders) {
    const base = join(root, 'suites', folder);
    const entries = await readdir(base, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.test.ts')) continue;
      files.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
    }
  }
  return files.sort();
}

/** Shard `shard`'s files of `files` (sorted); CONFIG_INVALID when there are fewer files than shards. */
export function filesOfShard(files: readonly string[], shard: Shard): string[] {
  if (files.length < shard.count) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--shard ${shardLabel(shard)}: the run has ${files.length} suite files, fewer than ${shard.count} shards`);
  }
  return files.filter((_, position) => position % shard.count === shard.index - 1);
}
