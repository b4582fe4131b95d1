/**
 * verify's command line: the options, as node:util parseArgs takes them (one table for a single run and for the upgrade
 * rehearsal, rehearsal.ts, which takes `--env-file` more than once and refuses the options of one run), and a single
 * run's reading of them. A bad flag is USAGE (64) with the usage line (docs/command-line.md#exit-codes).
 */
import { parseArgs } from 'node:util';
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import { parseArgsMessage, refuseRepeatedOptions } from './parse-args-message.ts';
import { usageLine } from './usage.ts';

export const verifyOptions = {
  'env-file': { type: 'string' },
  version: { type: 'string' },
  suites: { type: 'string' },
  'no-html': { type: 'boolean', default: false },
  from: { type: 'string' },
  to: { type: 'string' },
  openapi: { type: 'string' },
  only: { type: 'string' },
  shard: { type: 'string' },
  history: { type: 'string' },
  timings: { type: 'boolean', default: false },
  'latency-ms': { type: 'string' },
} as const;

/** One run's flags, as given: those that choose what runs are read in src/cli/run-scope.ts, --from/--to in src/contracts/cross-version-request.ts. */
export interface VerifyArgs {
  readonly envFile?: string;
  readonly version?: string;
  readonly suites?: string;
  readonly html: boolean;
  readonly from?: string;
  readonly to?: string;
  readonly openapi?: string;
  readonly only?: string;
  readonly shard?: string;
  readonly history?: string;
  readonly timings: boolean;
  readonly latencyMs?: string;
}

export function parseVerifyArgs(argv: string[]): VerifyArgs {
  try {
    const { values, tokens } = parseArgs({ args: argv, options: verifyOptions, strict: true, allowPositionals: false, tokens: true });
    refuseRepeatedOptions(tokens);
    refuseBesideComparison(values);
    return {
      ...(values['env-file'] !== undefined && { envFile: values['env-file'] }),
      ...(values.version !== undefined && { version: values.version }),
      ...(values.suites !== undefined && { suites: values.suites }),
      html: !values['no-html'],
      ...(values.from !== undefined && { from: values.from }),
      ...(values.to !== undefined && { to: values.to }),
      ...(values.openapi !== undefined && { openapi: values.openapi }),
      ...(values.only !== undefined && { only: values.only }),
      ...(values.shard !== undefined && { shard: values.shard }),
      ...(values.history !== undefined && { history: values.history }),
      timings: values.timings,
      ...(values['latency-ms'] !== undefined && { latencyMs: values['latency-ms'] }),
    };
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${parseArgsMessage(error)}; ${usageLine('verify')}`);
  }
}

/**
 * `--from/--to` runs the cross-version contract comparison alone, with no suites, checks or Allure report: an option
 * that chooses among those would be ignored, and a run the user narrowed must never come back wider than asked.
 */
const notBesideComparison = ['version', 'suites', 'only', 'shard', 'openapi', 'history', 'timings'] as const;

function refuseBesideComparison(values: Partial<Record<(typeof notBesideComparison)[number] | 'from' | 'to', unknown>>): void {
  if (values.from === undefined && values.to === undefined) return;
  const given = notBesideComparison.filter((name) => values[name] !== undefined && values[name] !== false);
  if (given.length > 0) throw new Error(`--from/--to runs only the cross-version contract comparison; ${given.map((name) => `--${name}`).join(', ')} does not apply to it`);
}

/** `--latency-ms N`: a whole number of ms, for the embedded platform only (a real target's latency is its own). */
export function latencyFlag(value: string | undefined, config: Config): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,5}$/.test(value)) throw new UpgradeGuardError('USAGE', `--latency-ms takes a whole number of milliseconds (0–99999), got "${value}"; ${usageLine('verify')}`);
  if (config.remote) throw new UpgradeGuardError('USAGE', '--latency-ms slows down the embedded platform only; unset BASE_URL to use it');
  return Number.parseInt(value, 10);
}
