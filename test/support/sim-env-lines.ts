import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';

/** The `.env` lines an `npm run sim` process prints on start, read from its stdout up to the last one (LIMITED_PASSWORD). */
export async function simEnvLines(stdout: Readable): Promise<Record<string, string>> {
  const lines: Record<string, string> = {};
  for await (const line of createInterface({ input: stdout })) {
    const at = line.indexOf('=');
    if (at > 0) lines[line.slice(0, at)] = line.slice(at + 1);
    if (lines.LIMITED_PASSWORD !== undefined) break;
  }
  return lines;
}
