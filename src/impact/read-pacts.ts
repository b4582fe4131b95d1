/**
 * The team's pact files: `--pact FILE`, and the sources the verify command
 * takes (PACT_URLS, PACT_DIR, a Pact Broker; src/contracts/sources.ts). Per
 * HTTP interaction: method, path, query, and the bodies the consumer sends
 * and expects (V2/V3 `body`, V4 `body.content`).
 */
import { readFile } from 'node:fs/promises';
import type { PactConfig } from '../config/pact.ts';
import { bearerAuthorization, resolveOwnPactSources, type PactSource } from '../contracts/sources.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { HttpClient } from '../http/client.ts';
import { arrayOf, isRecord, member, records, text } from '../http/json.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { toHttpMethod } from './http-method.ts';
import { redactBody, redactQuery } from './redact-call.ts';
import type { ObservedCall } from './types.ts';

export async function readPacts(files: readonly string[], config: PactConfig, http: HttpClient): Promise<ObservedCall[]> {
  const documents: { readonly label: string; readonly pact: unknown }[] = [];
  for (const file of files) documents.push({ label: file, pact: await readPactJson(file, `--pact ${file}`) });
  for (const source of await resolveOwnPactSources(config, http)) documents.push(...(await fetchSource(source, http)));
  return documents.flatMap(({ label, pact }) => pactCalls(label, pact, http.secrets));
}

async function readPactJson(file: string, named: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const detail = error instanceof SyntaxError ? 'not JSON' : `not readable (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    throw new UpgradeGuardError('CONFIG_INVALID', `${named} is ${detail}`);
  }
}

async function fetchSource(source: PactSource, http: HttpClient): Promise<{ label: string; pact: unknown }[]> {
  switch (source.kind) {
    case 'files':
      return Promise.all(source.files.map(async (file) => ({ label: file, pact: await readPactJson(file, `${source.label}: ${file}`) })));
    case 'urls':
      return Promise.all(source.urls.map(async (url) => ({ label: url, pact: await getJson(http, url, source.token, 'PACT_URLS') })));
    case 'broker': {
      // The broker's "pacts for verification" (the verifier's own query): the selectors pick the consumer versions.
      const { broker } = source;
      const index = await postJson(http, `${broker.url}/pacts/provider/${encodeURIComponent(broker.providerName)}/for-verification`, broker.token, {
        consumerVersionSelectors: broker.consumerVersionSelectors,
      });
      const hrefs = records(member(member(index, '_embedded'), 'pacts')).flatMap((pact) => text(member(member(member(pact, '_links'), 'self'), 'href')) ?? []);
      return Promise.all(hrefs.map(async (href) => ({ label: href, pact: await getJson(http, href, broker.token, 'PACT_BROKER_BASE_URL') })));
    }
  }
}

async function getJson(http: HttpClient, url: string, token: string | undefined, variable: string): Promise<unknown> {
  const response = await http.request({ method: 'GET', url, headers: bearerAuthorization(token) });
  if (response.status !== 200) throw new UpgradeGuardError('CONFIG_INVALID', `${variable}: ${url} answered ${response.status}`);
  return response.json();
}

async function postJson(http: HttpClient, url: string, token: string | undefined, body: unknown): Promise<unknown> {
  const response = await http.request({ method: 'POST', url, headers: { ...bearerAuthorization(token), accept: 'application/hal+json, application/json' }, json: body });
  if (response.status !== 200) throw new UpgradeGuardError('CONFIG_INVALID', `PACT_BROKER_BASE_URL: the pacts for verification answered ${response.status}`);
  return response.json();
}

/** The HTTP interactions of one pact as calls; message interactions carry none. */
export function pactCalls(label: string, pact: unknown, secrets: SecretRegistry): ObservedCall[] {
  const consumer = text(member(member(pact, 'consumer'), 'name'));
  const provider = text(member(member(pact, 'provider'), 'name'));
  const interactions = member(pact, 'interactions');
  if (consumer === undefined || provider === undefined || !Array.isArray(interactions)) {
    throw new UpgradeGuardError('CONFIG_INVALID', `${label} is not a pact file (consumer, provider and interactions are required)`);
  }
  return interactions.flatMap((interaction: unknown): ObservedCall[] => {
    const request = member(interaction, 'request');
    const method = toHttpMethod(text(member(request, 'method')) ?? '');
    const rawPath = text(member(request, 'path'));
    if (method === undefined || rawPath === undefined) return [];
    const description = text(member(interaction, 'description')) ?? '(no description)';
    const url = new URL(rawPath, 'http://pact.invalid');
    const requestBody = bodyOf(request);
    const responseBody = bodyOf(member(interaction, 'response'));
    return [
      {
        method,
        path: decodeURI(url.pathname),
        query: redactQuery(queryOf(member(request, 'query')) || url.search.replace(/^\?/, ''), secrets),
        source: 'pact',
        origin: `pact ${consumer} → ${provider}: ${description}`,
        ...(requestBody !== undefined && { requestBody: redactBody(requestBody, secrets) }),
        ...(responseBody !== undefined && { responseBody: redactBody(responseBody, secrets) }),
      },
    ];
  });
}

/** V2 writes the query as a string, V3/V4 as `{ name: [values] }`. */
function queryOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (!isRecord(query)) return '';
  const params = new URLSearchParams();
  for (const [name, values] of Object.entries(query)) for (const value of arrayOf(values)) params.append(name, String(value));
  return params.toString();
}

/** V4 wraps the body (`{ content, contentType, encoded }`); an encoded (non-JSON) body carries no fields to read. */
function bodyOf(part: unknown): unknown {
  const body = member(part, 'body');
  if (isRecord(body) && 'content' in body && 'contentType' in body) {
    if (body.encoded !== undefined && body.encoded !== false) return undefined;
    return typeof body.contentType === 'string' && body.contentType.includes('json') ? body.content : undefined;
  }
  return body;
}
