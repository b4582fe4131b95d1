/**
 * A plain list of calls, one `METHOD /path` a line, for example from a
 * gateway's logs: query strings allowed, ids concrete (`/assets/77401`) or
 * templated (`/assets/{assetId}`), `#` starts a comment. A line that is not
 * such a call is CONFIG_INVALID naming the file and line.
 */
import { readFile } from 'node:fs/promises';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { toHttpMethod } from './http-method.ts';
import { redactQuery } from './redact-call.ts';
import type { ObservedCall } from './types.ts';

export async function readCallList(file: string, secrets: SecretRegistry): Promise<ObservedCall[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--calls ${file} is not a readable file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseCallList(text, file, secrets);
}

export function parseCallList(text: string, file: string, secrets: SecretRegistry): ObservedCall[] {
  const calls: ObservedCall[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    const where = `${file}:${index + 1}`;
    const [methodText = '', target = '', ...rest] = line.split(/\s+/);
    const method = toHttpMethod(methodText);
    const url = target.startsWith('/') ? new URL(target, 'http://calls.invalid') : URL.canParse(target) ? new URL(target) : undefined;
    if (method === undefined || url === undefined || rest.length > 0) {
      throw new UpgradeGuardError('CONFIG_INVALID', `--calls ${where}: "${secrets.scrub(line).slice(0, 80)}" is not "METHOD /path" (GET, POST, PUT, PATCH or DELETE, then the path)`);
    }
    // `{assetId}` is kept as written: the URL parser encodes the braces.
    calls.push({ method, path: decodeURI(url.pathname), query: redactQuery(url.search.replace(/^\?/, ''), secrets), source: 'calls', origin: where });
  }
  if (calls.length === 0) throw new UpgradeGuardError('CONFIG_INVALID', `--calls ${file} lists no calls ("METHOD /path" lines)`);
  return calls;
}
