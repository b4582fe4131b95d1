import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDirectory } from '../../../src/files/ensure-directory.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upgrade-guard-mkdir-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ensureDirectory', () => {
  it('creates missing ancestors with the mode, and accepts an existing directory', async () => {
    const path = join(dir, 'a', 'b', 'c');
    await ensureDirectory(path, 0o700);
    await ensureDirectory(path, 0o700);
    expect((await stat(path)).isDirectory()).toBe(true);
    if (process.platform !== 'win32') expect((await stat(join(dir, 'a'))).mode & 0o777).toBe(0o700);
  });

  it('refuses a path below a regular file with ENOTDIR', async () => {
    await writeFile(join(dir, 'file'), '');
    await expect(ensureDirectory(join(dir, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it.skipIf(process.platform !== 'linux')('ends with ENOENT where the kernel refuses new entries (procfs), where recursive mkdir loops forever', async () => {
    await expect(ensureDirectory('/proc/upgrade-guard-x/y')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
