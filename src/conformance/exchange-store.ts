/**
 * Where the module exchanges of a run wait for the conformance checks: one
 * folder per run target, one NDJSON file per worker (appends from one
 * process never interleave with another's). The checks of the module suites
 * write; the conformance suite, which runs after them, reads.
 */
import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { isRecord } from '../http/json.ts';
import type { RecordedExchange } from './recorded-exchange.ts';

/** A folder name for a run target (`embedded 8.0` → `embedded-8.0`). */
export function targetFolder(exchangesDir: string, target: string): string {
  return join(exchangesDir, target.replace(/[^A-Za-z0-9.]+/g, '-'));
}

export async function clearExchanges(exchangesDir: string, target: string): Promise<void> {
  await rm(targetFolder(exchangesDir, target), { recursive: true, force: true });
}

export async function appendExchanges(exchangesDir: string, target: string, exchanges: readonly RecordedExchange[]): Promise<void> {
  if (exchanges.length === 0) return;
  const folder = targetFolder(exchangesDir, target);
  await mkdir(folder, { recursive: true });
  const lines = exchanges.map((exchange) => `${JSON.stringify(exchange)}\n`).join('');
  await appendFile(join(folder, `${process.pid}-${threadId}.ndjson`), lines);
}

export async function readExchanges(exchangesDir: string, target: string): Promise<RecordedExchange[]> {
  const folder = targetFolder(exchangesDir, target);
  let files: string[];
  try {
    files = (await readdir(folder)).filter((name) => name.endsWith('.ndjson')).sort();
  } catch {
    return [];
  }
  const exchanges: RecordedExchange[] = [];
  for (const file of files) {
    for (const line of (await readFile(join(folder, file), 'utf8')).split('\n')) {
      if (line.trim() === '') continue;
      const parsed: unknown = JSON.parse(line);
      if (isRecordedExchange(parsed)) exchanges.push(parsed);
    }
  }
  return exchanges;
}

function isRecordedExchange(value: unknown): value is RecordedExchange {
  return isRecord(value) && typeof value.check === 'string' && typeof value.method === 'string' && typeof value.path === 'string';
}
