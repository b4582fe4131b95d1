/**
 * `npm run pacts`: runs the consumer tests and writes the pact files to
 * contracts/pacts/ (committed). They are generated into a temporary
 * directory first, so a failing consumer test leaves the committed files as
 * they were.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { generatePacts } from './generate.ts';
import { pactDirectory } from '../src/contracts/sources.ts';

const scratch = await mkdtemp(join(tmpdir(), 'upgrade-guard-pacts-'));
try {
  const generated = await generatePacts(scratch);
  const fresh = new Set(generated.map((pact) => basename(pact.file)));
  for (const name of await readdir(pactDirectory)) if (name.endsWith('.json') && !fresh.has(name)) await rm(join(pactDirectory, name));
  for (const pact of generated) {
    await copyFile(pact.file, join(pactDirectory, basename(pact.file)));
    process.stdout.write(`${relative(process.cwd(), join(pactDirectory, basename(pact.file)))}: ${pact.interactions} interactions\n`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
