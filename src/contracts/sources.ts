/**
 * Where a verification run takes its pacts from:
 * - the project's own pacts (contracts/pacts/, committed), written by the
 *   consumer tests in contracts/ under one naming scheme (below);
 * - the team's own app contracts (PACT_URLS, PACT_DIR, PACT_BROKER_BASE_URL).
 *   Local files must exist; a broker is asked for its index first, with the
 *   token, so a wrong URL or a refused token ends the run with one line
 *   naming the variable, before the Rust verifier is involved.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogModules, moduleIdPrefix, type CatalogModule } from '../catalog/index.ts';
import type { PactBrokerConfig, PactConfig } from '../config/pact.ts';
import { UpgradeGuardError, isUpgradeGuardError, stoppedNote } from '../errors.ts';
import type { HttpClient, HttpResponse } from '../http/client.ts';
import { platformVersions, type PlatformVersion } from '../profile/versions.ts';
import { pactFilesIn, parsePact, readPactFile } from './pact-file.ts';

export type PactSource =
  /**
   * Local pact files (the project's own contracts, PACT_URLS files, PACT_DIR).
   * `checkIds: 'testname'` (the project's pacts) takes each check id from the
   * interaction's testname; otherwise ids are `contract.own.<consumer>.<description>`.
   */
  | { readonly kind: 'files'; readonly label: string; readonly files: readonly string[]; readonly checkIds?: 'testname' }
  /** Pacts at http(s) URLs (PACT_URLS), fetched with the broker token when one is set. */
  | { readonly kind: 'urls'; readonly label: string; readonly urls: readonly string[]; readonly token?: string }
  /** The broker's pacts for the provider, chosen by consumer version selectors. */
  | { readonly kind: 'broker'; readonly label: string; readonly broker: PactBrokerConfig };

/*
 * The project's pacts, one naming scheme for all:
 * - consumer `upgrade-guard` (the suite, standing in for an integration);
 * - provider `platform-<module>-<version>`, e.g. `platform-media-8.0`;
 * - pact-js names the file `<consumer>-<provider>.json`, so
 *   `contracts/pacts/upgrade-guard-platform-media-8.0.json`;
 * - each interaction carries its check id `contract.<module>.<slug>` as the
 *   pact's `testname` comment, so results map back to checks.
 */

export const consumerName = 'upgrade-guard';

export const pactDirectory = new URL('../../contracts/pacts/', import.meta.url).pathname;

export function providerName(module: CatalogModule, version: PlatformVersion): string {
  return `platform-${moduleIdPrefix(module)}-${version}`;
}

export function pactFileName(module: CatalogModule, version: PlatformVersion): string {
  return `${consumerName}-${providerName(module, version)}.json`;
}

export function contractCheckId(module: CatalogModule, slug: string): string {
  return `contract.${moduleIdPrefix(module)}.${slug}`;
}

/** The project's pact files of one version that exist, one per module. */
export function platformPactFiles(version: PlatformVersion, dir: string = pactDirectory): string[] {
  return catalogModules.map((module) => join(dir, pactFileName(module, version))).filter((file) => existsSync(file));
}

/** The check ids of the project's contracts of every version (their testnames): `--only` judges a contract term by them. */
export async function platformContractIds(dir: string = pactDirectory): Promise<string[]> {
  const documents = await Promise.all(platformVersions.flatMap((version) => platformPactFiles(version, dir)).map(readPactFile));
  return documents.flatMap((document) => document.interactions.flatMap((interaction) => (interaction.testName === undefined ? [] : [interaction.testName])));
}

export function platformPactSource(version: PlatformVersion, dir: string = pactDirectory): PactSource {
  return { kind: 'files', label: `the ${version} contracts`, files: platformPactFiles(version, dir), checkIds: 'testname' };
}

/* The team's own contracts. */

export function hasOwnPacts(config: PactConfig): boolean {
  return config.urls.length > 0 || config.dir !== undefined || config.broker !== undefined;
}

export async function resolveOwnPactSources(config: PactConfig, http: HttpClient): Promise<PactSource[]> {
  http.secrets.add(config.broker?.token);
  const sources: PactSource[] = [];
  const urls = config.urls.filter((entry) => /^https?:\/\//i.test(entry));
  const files = config.urls.filter((entry) => !/^https?:\/\//i.test(entry));
  for (const file of files) await requireFile(file);
  if (files.length > 0) sources.push({ kind: 'files', label: 'PACT_URLS files', files });
  // The verifier reads a URL it cannot fetch as no pact at all, and a run with none of its interactions would pass.
  for (const url of urls) await checkPactUrl(http, url, config.broker?.token);
  if (urls.length > 0) sources.push({ kind: 'urls', label: 'PACT_URLS', urls, ...(config.broker?.token !== undefined && { token: config.broker.token }) });
  if (config.dir !== undefined) {
    const inDir = await pactFilesIn(config.dir);
    if (inDir.length === 0) throw new UpgradeGuardError('CONFIG_INVALID', `PACT_DIR ${config.dir} holds no .json pact files`);
    sources.push({ kind: 'files', label: 'PACT_DIR', files: inDir });
  }
  if (config.broker) {
    await checkBroker(http, config.broker.url, config.broker.token);
    sources.push({ kind: 'broker', label: `broker ${config.broker.url}`, broker: config.broker });
  }
  return sources;
}

async function requireFile(file: string): Promise<void> {
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) throw new UpgradeGuardError('CONFIG_INVALID', `PACT_URLS names ${file}, which is not a readable file`);
}

/** GET a PACT_URLS pact as the verifier will (with the token, when set): reachable, answered, and a pact. */
async function checkPactUrl(http: HttpClient, url: string, token: string | undefined): Promise<void> {
  const response = await getNamed(http, 'PACT_URLS', url, url, { accept: 'application/json', ...bearerAuthorization(token) });
  if (response.status < 200 || response.status > 299) throw new UpgradeGuardError('CONFIG_INVALID', `PACT_URLS ${url} answered ${response.status}, not a pact`);
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new UpgradeGuardError('CONFIG_INVALID', `PACT_URLS ${url} answered a body that is not JSON, not a pact`);
  }
  parsePact(`PACT_URLS ${url}`, body);
}

/** GET the broker's index (HAL) with the token: reachable, and the token accepted. */
export async function checkBroker(http: HttpClient, url: string, token: string | undefined): Promise<void> {
  const { status } = await getNamed(http, 'PACT_BROKER_BASE_URL', url, `${url}/`, { accept: 'application/hal+json, application/json', ...bearerAuthorization(token) });
  if (status === 401 || status === 403) {
    throw new UpgradeGuardError('CONFIG_INVALID', `PACT_BROKER_TOKEN was refused by the broker at PACT_BROKER_BASE_URL (${status})`);
  }
  if (status < 200 || status > 299) throw new UpgradeGuardError('CONFIG_INVALID', `PACT_BROKER_BASE_URL ${url} answered ${status}: is it a Pact Broker?`);
}

/** A GET of an address the user named in `variable` (`named`): a request that fails says which variable to check. */
async function getNamed(http: HttpClient, variable: string, named: string, url: string, headers: Record<string, string>): Promise<HttpResponse> {
  try {
    return await http.request({ method: 'GET', url, headers });
  } catch (error) {
    // The run's deadline or a signal is not the address's fault: it stays their error (src/errors.ts `stoppedNote`).
    if (isUpgradeGuardError(error) && stoppedNote(error) === undefined) throw new UpgradeGuardError(error.code, `${variable} ${named}: ${error.message}`);
    throw error;
  }
}

/** The broker token as a request's authorization header (none without a token). */
export function bearerAuthorization(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}
