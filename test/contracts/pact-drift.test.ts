/**
 * The pact files are committed (contracts/pacts/) and must be what the
 * consumer tests write today: this regenerates them into a temporary
 * directory and compares. Only the pact-js and pact core versions in the
 * metadata may differ. Fix a failure with `npm run pacts` and commit.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePacts, type GeneratedPact } from '../../contracts/generate.ts';
import { pactDirectory } from '../../src/contracts/sources.ts';
import { isRecord } from '../../src/http/json.ts';

let scratch: string;
let generated: GeneratedPact[];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'ug-pact-drift-'));
  generated = await generatePacts(scratch);
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The pact without what changes with the tool versions alone. */
function normalised(text: string): unknown {
  const pact: unknown = JSON.parse(text);
  if (!isRecord(pact) || !isRecord(pact.metadata)) return pact;
  const { 'pact-js': _pactJs, pactRust: _pactRust, ...metadata } = pact.metadata;
  return { ...pact, metadata };
}

describe('committed pact files', () => {
  it('are exactly the files the consumer tests write', async () => {
    const committed = (await readdir(pactDirectory)).filter((name) => name.endsWith('.json')).sort();
    expect(committed, 'run `npm run pacts` and commit contracts/pacts/').toEqual(generated.map((pact) => basename(pact.file)).sort());
  });

  it('hold the same interactions as the consumer tests write (run `npm run pacts` after changing a consumer test)', async () => {
    for (const pact of generated) {
      const name = basename(pact.file);
      const fresh = normalised(await readFile(pact.file, 'utf8'));
      const committed = normalised(await readFile(join(pactDirectory, name), 'utf8').catch(() => 'null'));
      expect(committed, `${name} drifted: run \`npm run pacts\``).toEqual(fresh);
    }
  });

  it('carry no bearer token or secret', async () => {
    for (const pact of generated) expect(await readFile(pact.file, 'utf8')).not.toMatch(/bearer|authorization|consumer-test-token|secret|password/i);
  });
});
