/**
 * `verify --only` narrows the provider verification to the interactions of
 * the selected checks (src/contracts/selected-interactions.ts): the others
 * are not replayed, so they send the target nothing and change no data the
 * run would not list. A team's interactions that share a check id are kept up
 * to the last one selected, so each keeps the id it is reported under (`…-2`).
 * A file that is not a pact is refused as it is without a selection. Through
 * the verifier child, only the selected interactions come back.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { verifyQuietly } from '../../src/contracts/quiet-verification.ts';
import { selectedInteractions } from '../../src/contracts/selected-interactions.ts';
import { platformPactSource } from '../../src/contracts/sources.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { startEmbeddedTarget } from '../../src/run-targets/embedded.ts';
import { openSessions } from '../../src/run-targets/sessions.ts';

const source = platformPactSource('8.0');
/** Where the narrowed files go (the verifier child's parent makes one such folder a request). */
const folder = mkdtempSync(join(tmpdir(), 'ug-selected-pacts-'));
/** The test's own pact files. */
const teamDir = mkdtempSync(join(tmpdir(), 'ug-selected-'));

afterAll(() => {
  for (const dir of [folder, teamDir]) rmSync(dir, { recursive: true, force: true });
});
if (source.kind !== 'files') throw new Error('the platform pacts are files');

/** The check ids (testnames) of the interactions in pact files. */
function testNames(files: readonly string[]): string[] {
  return files.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { interactions: { comments?: { testname?: string } }[] }).interactions.map((interaction) => interaction.comments?.testname ?? ''));
}

describe('the interactions of an --only selection', () => {
  it('keep only the selected checks\' interactions, in files of their own that go with close()', async () => {
    const all = testNames(source.files);
    const selected = await selectedInteractions(source, ['contract.shop.*'], folder);
    const kept = testNames(selected.source.files);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(all.filter((id) => id.startsWith('contract.shop.')));
    await selected.close();
    expect(selected.source.files.some((file) => existsSync(file))).toBe(false);
  });

  it('leave no file when the selection holds none of the source\'s checks', async () => {
    const selected = await selectedInteractions(source, ['auth.*'], folder);
    expect(selected.source.files).toEqual([]);
    await selected.close();
  });

  it('keep a team\'s interactions that share a check id up to the last one selected, so the second is still reported as …-2', async () => {
    const interaction = (description: string): object => ({ description, request: { method: 'GET', path: '/rest/x' }, response: { status: 200 } });
    const file = join(teamDir, 'app.json');
    writeFileSync(file, JSON.stringify({ consumer: { name: 'App' }, provider: { name: 'Platform' }, interactions: [interaction('get x'), interaction('get y'), interaction('get x')] }));
    const team = { kind: 'files', label: 'the app contracts', files: [file] } as const;
    const descriptions = async (selection: readonly string[]): Promise<string[]> => {
      const selected = await selectedInteractions(team, selection, folder);
      const [narrowed] = selected.source.files;
      const kept = (JSON.parse(readFileSync(narrowed ?? '', 'utf8')) as { interactions: { description: string }[] }).interactions.map((one) => one.description);
      await selected.close();
      return kept;
    };
    expect(await descriptions(['contract.own.app.get-x-2'])).toEqual(['get x', 'get x']);
    expect(await descriptions(['contract.own.app.get-x'])).toEqual(['get x']);
    expect(await descriptions(['contract.own.app.get-y'])).toEqual(['get y']);
  });

  it('refuse a file that is not a pact, as a whole source is refused', async () => {
    const file = join(teamDir, 'not-a-pact.json');
    writeFileSync(file, JSON.stringify({ hello: 'world' }));
    await expect(selectedInteractions({ kind: 'files', label: 'PACT_DIR', files: [file] }, ['contract.own.*'], folder)).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('the provider verification of an --only selection', () => {
  it('replays only the selected checks\' interactions, and reports the source as it was given', async () => {
    const config = loadConfig({ env: {}, envFile: '/dev/null' });
    const resolved = await startEmbeddedTarget(config, { name: 'selected contracts', version: '8.0', faults: [] });
    try {
      const secrets = new SecretRegistry();
      const sessions = await openSessions(resolved.target, secrets, () => undefined);
      const [results] = await verifyQuietly({ jobs: [{ target: sessions, sources: [source] }], checkSelection: ['contract.shop.*'] }, secrets);
      const [result] = results ?? [];
      expect(result?.ok).toBe(true);
      if (!result?.ok) return;
      expect(result.verification.source).toEqual(source);
      const ids = result.verification.outcomes.map((outcome) => outcome.checkId);
      expect(ids).toEqual(testNames(source.files).filter((id) => id.startsWith('contract.shop.')));
      expect(result.verification.outcomes.every((outcome) => outcome.state === 'passed')).toBe(true);
    } finally {
      await resolved.close();
    }
  });
});
