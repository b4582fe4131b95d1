/**
 * `npm run report -- [--out DIR] [--no-html] [--history DIR] DIR…`: merges the raw results
 * of `verify --shard i/n` runs, or of whole runs of different targets (a 7.4
 * instance and an 8.0 staging), each DIR a REPORTS_DIR holding
 * run-results.json and allure-results/, into one set of reports in the out
 * folder (default `reports`): one Allure report, one summary, one migration
 * report and one contract-break report (merge-runs.ts). Exit codes as verify's.
 */
import { parseArgs } from 'node:util';
import { UpgradeGuardError } from '../errors.ts';
import { mergeRuns } from './merge-runs.ts';
import { parseArgsMessage } from './parse-args-message.ts';
import { commandArguments, runCli } from './run-cli.ts';
import { usageLine } from './usage.ts';

const usage = usageLine('report');

interface ReportArgs {
  readonly out: string;
  readonly html: boolean;
  readonly history?: string;
  readonly dirs: readonly string[];
}

function parseReportArgs(argv: string[]): ReportArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { out: { type: 'string', default: 'reports' }, 'no-html': { type: 'boolean', default: false }, history: { type: 'string' } }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${parseArgsMessage(error)}; ${usage}`);
  }
  if (parsed.positionals.length === 0) throw new UpgradeGuardError('USAGE', `name the reports folders to merge; ${usage}`);
  return { out: parsed.values.out, html: !parsed.values['no-html'], ...(parsed.values.history !== undefined && { history: parsed.values.history }), dirs: parsed.positionals };
}

async function report(): Promise<number> {
  const args = parseReportArgs(commandArguments());
  return mergeRuns({ ...args, print: (line) => process.stdout.write(`${line}\n`) });
}

await runCli(report);
