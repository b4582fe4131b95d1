/**
 * The team's own app contracts (PACT_URLS, PACT_DIR, PACT_BROKER_BASE_URL),
 * as pact sources for the Verifier. Local files must exist; a broker is
 * asked for its index first, with the token, so a wrong URL or a refused
 * token ends the run with one line naming the variable, before the Rust
 * verifier is involved.
 */
import { stat } from 'node:fs/promises';
import type { PactConfig } from '../config/pact.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { HttpClient } from '../http/client.ts';
import { processSecrets } from '../http/redact.ts';
import { pactFilesIn } from './pact-file.ts';
import type { PactSource } from './pact-source.ts';

export function hasOwnPacts(config: PactConfig): boolean {
  return config.urls.length > 0 || config.dir !== undefined || config.broker !== undefined;
}

export async function resolveOwnPactSources(config: PactConfig, http: HttpClient): Promise<PactSource[]> {
  processSecrets.add(config.broker?.token);
  const sources: PactSource[] = [];
  const urls = config.urls.filter((entry) => /^https?:\/\//i.test(entry));
  const files = config.urls.filter((entry) => !/^https?:\/\//i.test(entry));
  for (const file of files) await requireFile(file);
  if (files.length > 0) sources.push({ kind: 'files', label: 'PACT_URLS files', files });
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

/** GET the broker's index (HAL) with the token: reachable, and the token accepted. */
export async function checkBroker(http: HttpClient, url: string, token: string | undefined): Promise<void> {
  let status: number;
  try {
    const response = await http.request({
      method: 'GET',
      url: `${url}/`,
      headers: { accept: 'application/hal+json, application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
    });
    status = response.status;
  } catch (error) {
    if (isUpgradeGuardError(error)) throw new UpgradeGuardError(error.code, `PACT_BROKER_BASE_URL ${url}: ${error.message}`);
    throw error;
  }
  if (status === 401 || status === 403) {
    throw new UpgradeGuardError('CONFIG_INVALID', `PACT_BROKER_TOKEN was refused by the broker at PACT_BROKER_BASE_URL (${status})`);
  }
  if (status < 200 || status > 299) throw new UpgradeGuardError('CONFIG_INVALID', `PACT_BROKER_BASE_URL ${url} answered ${status}: is it a Pact Broker?`);
}
