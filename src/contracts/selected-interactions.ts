/**
 * `verify --only`: a source of pact files narrowed to the interactions whose
 * checks the selection holds, written to a folder the verification's parent
 * owns and removes (quiet-verification.ts: the verifier child may be ended
 * before it could). An interaction the run never reports is not replayed, so
 * it sends the target nothing and changes no data the run would not list.
 * Interactions that share a check id (a team's repeated description, reported
 * as `…-2`) are kept up to the last one the selection names, so each keeps
 * the id it is reported under.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { checkMatcher } from '../check/check-selection.ts';
import { parsePact, readPactJson } from './pact-file.ts';
import type { PactSource } from './sources.ts';
import { interactionCheckId } from './verify-source.ts';

type FilesSource = Extract<PactSource, { kind: 'files' }>;

export interface SelectedSource {
  /** The source with the files that hold a selected interaction (none: nothing to replay). */
  readonly source: FilesSource;
  /** Removes the narrowed files. */
  close(): Promise<void>;
}

/** `folder`: where the narrowed files go, in a folder of their own. */
export async function selectedInteractions(source: FilesSource, checkSelection: readonly string[], folder: string): Promise<SelectedSource> {
  const selected = checkMatcher(checkSelection);
  const documents = await Promise.all(
    source.files.map(async (file) => {
      const raw = await readPactJson(file);
      // The same reading, and the same refusal of a file that is not a pact, as a whole source's (verify-source.ts).
      const pact = parsePact(file, raw);
      const rawInteractions = (raw as { interactions: unknown[] }).interactions;
      return { file, raw: raw as object, interactions: pact.interactions.map((interaction) => ({ id: interactionCheckId(source, pact.consumer, interaction), raw: rawInteractions[interaction.index] })) };
    }),
  );
  // Each interaction's reported id (contracts.test.ts numbers a repeated id over the whole source, in file order).
  const seen = new Map<string, number>();
  const reported = documents.map(({ interactions }) =>
    interactions.map((interaction) => {
      const count = (seen.get(interaction.id) ?? 0) + 1;
      seen.set(interaction.id, count);
      return { ...interaction, reportedAs: count === 1 ? interaction.id : `${interaction.id}-${count}`, occurrence: count };
    }),
  );
  const lastSelected = new Map<string, number>();
  for (const interaction of reported.flat()) if (selected(interaction.reportedAs)) lastSelected.set(interaction.id, interaction.occurrence);
  const dir = await mkdtemp(join(folder, 'source-'));
  try {
    const files: string[] = [];
    for (const [index, { file, raw }] of documents.entries()) {
      const interactions = (reported[index] ?? []).filter((interaction) => interaction.occurrence <= (lastSelected.get(interaction.id) ?? 0)).map((interaction) => interaction.raw);
      if (interactions.length === 0) continue;
      const narrowed = join(dir, `${index}-${basename(file)}`);
      await writeFile(narrowed, JSON.stringify({ ...raw, interactions }));
      files.push(narrowed);
    }
    return { source: { ...source, files }, close: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
