/**
 * Reads what verification needs from a pact file (V3 or V4 HTTP
 * interactions): the parties, and per interaction its description, provider
 * states, request method and example path, and the `testname` comment our
 * consumer tests put there (the check id).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import { arrayOf, member, text } from '../http/json.ts';

export interface PactInteractionInfo {
  /** Its position in the file's `interactions` (message interactions are among them, not read here). */
  readonly index: number;
  readonly description: string;
  readonly states: readonly string[];
  readonly method: string;
  /** The example path (a provider state may replace it at verification). */
  readonly path: string;
  /** `comments.testname`, when the consumer test set one. */
  readonly testName?: string;
  /** The path is generated from a provider state (`generators.path` of type `ProviderState`): its ids are the target's own. */
  readonly pathFromProviderState?: boolean;
}

export interface PactDocument {
  readonly file: string;
  readonly consumer: string;
  readonly provider: string;
  readonly interactions: readonly PactInteractionInfo[];
}

export async function readPactFile(file: string): Promise<PactDocument> {
  return parsePact(file, await readPactJson(file));
}

/** A pact file's JSON as it is (parsePact reads what verification needs from it); CONFIG_INVALID when unreadable. */
export async function readPactJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UpgradeGuardError('CONFIG_INVALID', `${file} is not a readable pact file: ${(error as Error).message}`);
  }
}

/** The `.json` files of a directory, sorted. */
export async function pactFilesIn(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new UpgradeGuardError('CONFIG_INVALID', `PACT_DIR ${dir} is not a readable directory`);
  }
  return names.filter((name) => name.endsWith('.json')).sort().map((name) => join(dir, name));
}

export function parsePact(file: string, value: unknown): PactDocument {
  const consumer = text(member(member(value, 'consumer'), 'name'));
  const provider = text(member(member(value, 'provider'), 'name'));
  const rawInteractions = member(value, 'interactions');
  if (consumer === undefined || provider === undefined || !Array.isArray(rawInteractions)) {
    throw new UpgradeGuardError('CONFIG_INVALID', `${file} is not a pact file (consumer, provider and interactions are required)`);
  }
  const interactions = rawInteractions.flatMap((raw: unknown, index): PactInteractionInfo[] => {
    const description = text(member(raw, 'description'));
    const request = member(raw, 'request');
    const method = text(member(request, 'method'));
    const path = text(member(request, 'path'));
    // Message interactions (no request) are not HTTP contracts: nothing to verify here.
    if (description === undefined || method === undefined || path === undefined) return [];
    const states = arrayOf(member(raw, 'providerStates')).flatMap((state) => {
      const name = text(member(state, 'name'));
      return name === undefined ? [] : [name];
    });
    const legacyState = text(member(raw, 'providerState'));
    const testName = text(member(member(raw, 'comments'), 'testname'));
    const pathFromProviderState = text(member(member(member(request, 'generators'), 'path'), 'type')) === 'ProviderState';
    return [
      {
        index,
        description,
        states: legacyState === undefined ? states : [legacyState, ...states],
        method: method.toUpperCase(),
        path,
        ...(testName !== undefined && { testName }),
        ...(pathFromProviderState && { pathFromProviderState }),
      },
    ];
  });
  return { file, consumer, provider, interactions };
}
