/**
 * The raw results of one `verify` run, kept next to its allure-results as
 * `run-results.json`: every check's outcome (the shape the summary and the
 * migration report read), what was checked, which part of the run it was
 * (`--shard`, `--only`), and the cross-version contract comparison when this
 * run made it. `npm run report -- DIR…` merges shards from these files and
 * writes the same reports a single run writes (src/cli/report.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContractBreaksSection } from '../contracts/cross-version.ts';
import { writeFileAtomic } from '../auth/atomic-file.ts';
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
  /** `--suites` when it left a suite of the whole run out: the run is a part of one. */
  readonly suites?: readonly string[];
  readonly results: RunResults;
  /**
   * The comparison, when this run made it: `ran` with its section, `failed` with why it could not run (not "as
   * documented"), or `notRun` with the RUN_TIMEOUT_S or signal that stopped it (the run is then cut short, never
   * failed by it). Absent: not this run's part.
   */
  readonly contractBreaks?: { readonly ran: ContractBreaksSection } | { readonly failed: string } | { readonly notRun: string };
  /** Present when RUN_TIMEOUT_S ended the run: `results` are only the checks that finished (docs/configuration.md, "Time bounds"). */
  readonly cutOff?: { readonly runTimeoutSeconds: number };
  /** Present when Ctrl-C (SIGINT) or SIGTERM stopped the run: `results` are only the checks that finished (src/cli/interruption.ts). */
  readonly interrupted?: { readonly signal: 'SIGINT' | 'SIGTERM' };
  /** A merge of shards that was not whole: what was missing, as its summary said it (`npm run report`). */
  readonly incomplete?: readonly string[];
}

/** The summary's line for a run of some suites only: its verdict is that part's, never the whole upgrade's. */
export function suitesLines(suites: readonly string[] | undefined): string[] {
  return suites ? [`only the suites ${suites.join(', ')}`] : [];
}

export function newRunRecord(fields: Omit<RunRecord, 'format'>): RunRecord {
  return { format, ...fields };
}

/** Written whole or not at all (src/auth/atomic-file.ts): a run killed while writing leaves no half a record to merge. */
export async function writeRunRecord(reportsDir: string, record: RunRecord): Promise<string> {
  await ensureReportsDirectory(reportsDir);
  const file = join(reportsDir, runRecordFile);
  try {
    await writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o644 });
  } catch (error) {
    throw new UpgradeGuardError('REPORT_FAILED', `${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return file;
}

/**
 * Reads `DIR/run-results.json`. A folder that exists but holds none is `undefined`: its verify ended before writing
 * its results (`npm run report` merges the other shards and says so). A folder that does not exist, or a file that is
 * not a run record, is CONFIG_INVALID naming it: a typo never becomes a missing shard.
 */
export async function readRunRecord(dir: string): Promise<RunRecord | undefined> {
  const file = join(dir, runRecordFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const folder = await stat(dir).catch(() => undefined);
    if (!folder?.isDirectory()) throw new UpgradeGuardError('CONFIG_INVALID', `${dir} is not a folder: name the REPORTS_DIR of a verify run (e.g. one --shard's)`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UpgradeGuardError('CONFIG_INVALID', `${file} could not be read: ${error instanceof Error ? error.message : String(error)}`);
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
  const cutOff = record.cutOff;
  return (
    record.format === format &&
    typeof record.target === 'string' &&
    Array.isArray(record.targets) &&
    Array.isArray(results?.checks) &&
    Array.isArray(results?.errors) &&
    (cutOff === undefined || (typeof cutOff === 'object' && cutOff !== null && typeof (cutOff as { runTimeoutSeconds?: unknown }).runTimeoutSeconds === 'number')) &&
    (record.incomplete === undefined || (Array.isArray(record.incomplete) && record.incomplete.every((line) => typeof line === 'string'))) &&
    (record.suites === undefined || (Array.isArray(record.suites) && record.suites.every((name) => typeof name === 'string')))
  );
}

/** A stable order of checks (target, file, id), so a run's reports read the same whatever order the files finished in. */
export function canonicalOrder(checks: readonly CheckResult[]): CheckResult[] {
  const key = (check: CheckResult): string => `${check.project}\u0000${check.file}\u0000${check.id}\u0000${check.name}`;
  return [...checks].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
