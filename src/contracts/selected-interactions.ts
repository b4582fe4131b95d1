/**
 * `verify --only`: a source of pact files narrowed to the interactions whose
 * checks the selection holds, written to a folder of its own. An interaction
 * the run never reports is not replayed, so it sends the target nothing and
 * changes no data the run would not list. Interactions that share a check id
 * (a team's repeated description, reported as `…-2`) stay or go together, so
 * each keeps the id it is reported under.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { checkMatcher } from '../check/check-selection.ts';
import { UpgradeGuardError } from '../errors.ts';
import { member, text } from '../http/json.ts';
import type { PactSource } from './sources.ts';
import { ownCheckId } from './verify-source.ts';

type FilesSource = Extract<PactSource, { kind: 'files' }>;

export interface SelectedSource {
  /** The source with the files that hold a selected interaction (none: nothing to replay). */
  readonly source: FilesSource;
  /** Removes the narrowed files. */
  close(): Promise<void>;
}

export async function selectedInteractions(source: FilesSource, checkSelection: readonly string[]): Promise<SelectedSource> {
  const selected = checkMatcher(checkSelection);
  const documents = await Promise.all(source.files.map(async (file) => ({ file, pact: await readJson(file) })));
  const idOf = (pact: unknown, interaction: unknown): string => {
    const testName = text(member(member(interaction, 'comments'), 'testname'));
    if (source.checkIds === 'testname' && testName !== undefined) return testName;
    return ownCheckId(text(member(member(pact, 'consumer'), 'name')), text(member(interaction, 'description')) ?? '');
  };
  const counts = new Map<string, number>();
  for (const { pact } of documents) for (const interaction of interactionsOf(pact)) counts.set(idOf(pact, interaction), (counts.get(idOf(pact, interaction)) ?? 0) + 1);
  const kept = (id: string): boolean => selected(id) || Array.from({ length: (counts.get(id) ?? 1) - 1 }, (_, index) => `${id}-${index + 2}`).some(selected);
  const dir = await mkdtemp(join(tmpdir(), 'upgrade-guard-selected-pacts-'));
  const files: string[] = [];
  for (const [index, { file, pact }] of documents.entries()) {
    const interactions = interactionsOf(pact).filter((interaction) => kept(idOf(pact, interaction)));
    if (interactions.length === 0) continue;
    const narrowed = join(dir, `${index}-${basename(file)}`);
    await writeFile(narrowed, JSON.stringify({ ...(pact as object), interactions }));
    files.push(narrowed);
  }
  return { source: { ...source, files }, close: () => rm(dir, { recursive: true, force: true }) };
}

function interactionsOf(pact: unknown): unknown[] {
  const interactions = member(pact, 'interactions');
  return Array.isArray(interactions) ? interactions : [];
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UpgradeGuardError('CONFIG_INVALID', `${file} is not a readable pact file: ${(error as Error).message}`);
  }
}
