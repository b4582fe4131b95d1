/**
 * A HAR recorded from the team's app or a proxy in front of it. The file's
 * shape is checked first (har-shape.ts); every secret it carries is
 * registered before any of it is read into a call. Entries outside the
 * platform's APIs (the app's own files, other hosts) are left out and counted.
 */
import { readFile } from 'node:fs/promises';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { checkHarShape, type RecordedEntry } from './har-shape.ts';
import { toHttpMethod } from './http-method.ts';
import { isPlatformPath } from './match.ts';
import { jsonBody, redactBody, redactQuery, registerFormSecrets, registerHeaderSecrets } from './redact-call.ts';
import type { ObservedCall } from './types.ts';

export interface HarCalls {
  readonly calls: readonly ObservedCall[];
  /** Entries that are not calls to the platform's APIs. */
  readonly leftOut: number;
}

export async function readHar(file: string, secrets: SecretRegistry): Promise<HarCalls> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const detail = error instanceof SyntaxError ? 'not JSON' : `not readable (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
    throw new UpgradeGuardError('CONFIG_INVALID', `--har ${file} is ${detail}`);
  }
  const shape = checkHarShape(parsed);
  if ('error' in shape) throw new UpgradeGuardError('CONFIG_INVALID', `--har ${file} is not a HAR 1.2 file: ${shape.error}`);
  const entries = shape.har.log.entries;
  for (const entry of entries) registerEntrySecrets(entry, secrets);
  const calls: ObservedCall[] = [];
  let leftOut = 0;
  for (const [index, entry] of entries.entries()) {
    const call = toCall(entry, `${file} entry ${index + 1}`, secrets);
    if (call) calls.push(call);
    else leftOut += 1;
  }
  return { calls, leftOut };
}

function registerEntrySecrets(entry: RecordedEntry, secrets: SecretRegistry): void {
  for (const header of [...entry.request.headers, ...(entry.response.headers ?? [])]) registerHeaderSecrets(header.name, header.value, secrets);
  if (URL.canParse(entry.request.url)) redactQuery(new URL(entry.request.url).search.replace(/^\?/, ''), secrets);
  registerFormSecrets(entry.request.postData?.text, entry.request.postData?.mimeType, secrets);
  const request = jsonBody(entry.request.postData?.text, entry.request.postData?.mimeType);
  const response = jsonBody(entry.response.content?.text, entry.response.content?.mimeType);
  // Registering is all that is wanted here: the redacted copies are made once every value is known.
  redactBody(request, secrets);
  redactBody(response, secrets);
}

function toCall(entry: RecordedEntry, origin: string, secrets: SecretRegistry): ObservedCall | undefined {
  const method = toHttpMethod(entry.request.method);
  if (method === undefined || !URL.canParse(entry.request.url)) return undefined;
  const url = new URL(entry.request.url);
  if (!isPlatformPath(url.pathname)) return undefined;
  const requestBody = jsonBody(entry.request.postData?.text, entry.request.postData?.mimeType);
  const responseBody = jsonBody(entry.response.content?.text, entry.response.content?.mimeType);
  return {
    method,
    path: url.pathname,
    query: redactQuery(url.search.replace(/^\?/, ''), secrets),
    source: 'har',
    origin,
    ...(requestBody !== undefined && { requestBody: redactBody(requestBody, secrets) }),
    ...(responseBody !== undefined && { responseBody: redactBody(responseBody, secrets) }),
  };
}
