/**
 * The raw results of one `verify` run, kept next to its allure-results as
 * `run-results.json`: every check's outcome (the shape the summary and the
 * migration report read), what was checked, which part of the run it was
 * (`--shard`, `--only`), and the cross-version contract comparison when this
 * run made it. `npm run report -- DIR…` merges shards from these files and
 * writes the same reports a single run writes (src/cli/report.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContractBreaksSection } from '../contracts/cross-version.ts';
import { UpgradeGuardError } from '../errors.ts';
import { ensureReportsDirectory } from '../report/reports-dir.ts';
import type { CheckResult, RunResults } from '../runner/results.ts';
import type { Shard } from '../runner/shard.ts';

export const runRecordFile = 'run-results.json';
const format = 'upgrade-guard-run-results/1';

export interface RunRecord {
  readonly format: typeof format;
  /** The summary's first line: what was checked. */
  readonly target: string;
  /** The run targets of the run (`embedded 7.4`, `embedded 8.0`), also those a shard ran no check on. */
  readonly targets: readonly string[];
  readonly shard?: Shard;
  /** `--only` as given. */
  readonly only?: string;
  readonly results: RunResults;
  /**
   * The comparison, when this run made it: `ran` with its section, or `failed` with why
   * (a comparison that could not run is not "as documented"). Absent: not this run's part.
   */
  readonly contractBreaks?: { readonly ran: ContractBreaksSection } | { readonly failed: string };
}

export function newRunRecord(fields: Omit<RunRecord, 'format'>): RunRecord {
  return { format, ...fields };
}

export async function writeRunRecord(reportsDir: string, record: RunRecord): Promise<string> {
  await ensureReportsDirectory(reportsDir);
  const file = join(reportsDir, runRecordFile);
  try {
    await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return file;
}

/** Reads `DIR/run-results.json`; a folder without one, or another file, is CONFIG_INVALID naming it. */
export async function readRunRecord(dir: string): Promise<RunRecord> {
  const file = join(dir, runRecordFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UpgradeGuardError('CONFIG_INVALID', `${dir} holds no ${runRecordFile}: name the REPORTS_DIR of a verify run (e.g. one --shard's)`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UpgradeGuardError('CONFIG_INVALID', `${file} is not JSON`);
  }
  if (!isRunRecord(parsed)) throw new UpgradeGuardError('CONFIG_INVALID', `${file} is not the run results of this version of upgrade-guard (format ${format})`);
  return parsed;
}

function isRunRecord(value: unknown): value is RunRecord {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<Record<keyof RunRecord, unknown>>;
  const results = record.results as Partial<Record<keyof RunResults, unknown>> | undefined;
  return record.format === format && typeof record.target === 'string' && Array.isArray(record.targets) && Array.isArray(results?.checks) && Array.isArray(results?.errors);
}

/** A stable order of checks (target, file, id), so a run's reports read the same whatever order the files finished in. */
export function canonicalOrder(checks: readonly CheckResult[]): CheckResult[] {
  const key = (check: CheckResult): string => `${check.project}\u0000${check.file}\u0000${check.id}\u0000${check.name}`;
  return [...checks].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
