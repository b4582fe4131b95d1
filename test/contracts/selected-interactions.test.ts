/**
 * `verify --only` narrows the provider verification to the interactions of
 * the selected checks (src/contracts/selected-interactions.ts): the others
 * are not replayed, so they send the target nothing and change no data the
 * run would not list. A team's interactions that share a check id stay or go
 * together, so each keeps the id it is reported under (`…-2`). Through the
 * verifier child, only the selected interactions come back.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { verifyQuietly } from '../../src/contracts/quiet-verification.ts';
import { selectedInteractions } from '../../src/contracts/selected-interactions.ts';
import { platformPactSource } from '../../src/contracts/sources.ts';
import { SecretRegistry } from '../../src/http/redact.ts';
import { startEmbeddedTarget } from '../../src/run-targets/embedded.ts';
import { openSessions } from '../../src/run-targets/sessions.ts';

const source = platformPactSource('8.0');
if (source.kind !== 'files') throw new Error('the platform pacts are files');

/** The check ids (testnames) of the interactions in pact files. */
function testNames(files: readonly string[]): string[] {
  return files.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { interactions: { comments?: { testname?: string } }[] }).interactions.map((interaction) => interaction.comments?.testname ?? ''));
}

describe('the interactions of an --only selection', () => {
  it('keep only the selected checks\' interactions, in files of their own that go with close()', async () => {
    const all = testNames(source.files);
    const selected = await selectedInteractions(source, ['contract.shop.*']);
    const kept = testNames(selected.source.files);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(all.filter((id) => id.startsWith('contract.shop.')));
    await selected.close();
    expect(selected.source.files.some((file) => existsSync(file))).toBe(false);
  });

  it('leave no file when the selection holds none of the source\'s checks', async () => {
    const selected = await selectedInteractions(source, ['auth.*']);
    expect(selected.source.files).toEqual([]);
    await selected.close();
  });

  it('keep a team\'s interactions that share a check id together, so the second is still reported as …-2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ug-selected-'));
    const interaction = (description: string): object => ({ description, request: { method: 'GET', path: '/rest/x' }, response: { status: 200 } });
    const file = join(dir, 'app.json');
    writeFileSync(file, JSON.stringify({ consumer: { name: 'App' }, provider: { name: 'Platform' }, interactions: [interaction('get x'), interaction('get y'), interaction('get x')] }));
    const selected = await selectedInteractions({ kind: 'files', label: 'the app contracts', files: [file] }, ['contract.own.app.get-x-2']);
    const [narrowed] = selected.source.files;
    expect((JSON.parse(readFileSync(narrowed ?? '', 'utf8')) as { interactions: { description: string }[] }).interactions.map((kept) => kept.description)).toEqual(['get x', 'get x']);
    await selected.close();
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
