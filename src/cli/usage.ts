/**
 * What each command answers to `--help` / `-h`: one declarative entry per npm script. This module imports nothing,
 * so the help gate (help-gate.ts) answers before any of the command's modules load. The flags each command
 * accepts live in its own parser; test/cli/command-help.test.ts holds this catalog to them: every flag a command's
 * `USAGE:` line names is explained here.
 */
export interface CommandHelp {
  /** What follows `usage:`, one line. */
  readonly synopsis: string;
  /** One sentence: what the command does. */
  readonly purpose: string;
  /** `[flag, meaning]`, in the synopsis's order. */
  readonly options: readonly (readonly [flag: string, meaning: string])[];
  /** How it ends: exit codes, beyond the error catalog's. */
  readonly exits: string;
}

const errorCodes = 'errors print one line `CODE: message` and exit with the code\'s status (docs/command-line.md#exit-codes)';

export const commandHelp = {
  verify: {
    synopsis: 'npm run verify -- [--env-file FILE] [--version 7.4|8.0] [--suites auth,modules,contracts,conformance] [--only MODULE|CHECK-GLOB] [--shard I/N] [--openapi DIR] [--no-html] [--history DIR] [--from 7.4 --to 8.0] [--timings] [--latency-ms N]',
    purpose: 'Runs every suite against the configured target (both versions of the embedded platform when no BASE_URL is set) and writes the summary, the migration report and the Allure report to REPORTS_DIR (default reports/).',
    options: [
      ['--env-file FILE', 'read the target variables from FILE instead of .env; given twice (a 7.4 and an 8.0 target), runs both and writes one report with them side by side'],
      ['--version 7.4|8.0', 'run one version only'],
      ['--suites LIST', 'only these suite folders, comma-separated: auth, modules, contracts, conformance'],
      ['--only MODULE|CHECK-GLOB', 'only one module\'s checks (job, planning, media, review, template-builder, shop, auth, contract, conformance) or the check ids matching the globs, comma-separated'],
      ['--shard I/N', 'run the I-th of N parts of the suite files; merge the parts with npm run report'],
      ['--openapi DIR', 'check every module exchange against the vendor\'s OpenAPI documents in DIR (or OPENAPI_DIR)'],
      ['--no-html', 'skip rendering the Allure HTML report'],
      ['--history DIR', 'keep the Allure report\'s history in DIR between runs (or HISTORY_DIR)'],
      ['--from 7.4 --to 8.0', 'run only the cross-version contract comparison'],
      ['--timings', 'end the output with where the time went'],
      ['--latency-ms N', 'embedded platform only: hold every request N ms, a far-away staging'],
      ['-h, --help', 'print this text and exit 0'],
    ],
    exits: `0 every check passed, 1 a check failed; ${errorCodes}.`,
  },
  report: {
    synopsis: 'npm run report -- [--out DIR] [--no-html] [--history DIR] REPORTS_DIR…',
    purpose: 'Merges the reports folders of `verify --shard I/N` runs, or of whole runs against different targets (a 7.4 instance and an 8.0 staging), into one set of reports: one summary, one migration report, one contract-break report, one Allure report.',
    options: [
      ['--out DIR', 'write the merged reports to DIR (default reports)'],
      ['--no-html', 'skip rendering the Allure HTML report'],
      ['--history DIR', 'keep the Allure report\'s history in DIR between runs'],
      ['REPORTS_DIR…', 'the REPORTS_DIR of each shard\'s verify run, or of each target\'s'],
      ['-h, --help', 'print this text and exit 0'],
    ],
    exits: `0 every check passed and every shard is there, 1 a check failed or a shard is missing; ${errorCodes}.`,
  },
  impact: {
    synopsis: 'npm run impact -- [--har FILE]… [--pact FILE]… [--calls FILE]… [--env-file FILE] [--openapi DIR] [--embedded 7.4|8.0] [--out DIR]',
    purpose: 'Matches every distinct call your integration makes to the spec\'s endpoint changes and writes impact.md, impact.json and impact.html; with a target, replays the safe calls read-only beside the prediction.',
    options: [
      ['--har FILE', 'a HAR 1.2 recording of your integration (repeatable)'],
      ['--pact FILE', 'a pact file of your integration (repeatable; also PACT_URLS, PACT_DIR, a broker)'],
      ['--calls FILE', 'one `METHOD /path` a line, `#` starts a comment (repeatable)'],
      ['--env-file FILE', 'read the target variables from FILE instead of .env'],
      ['--openapi DIR', 'for a call the spec does not list, say whether the vendor\'s 8.0 document has it (or OPENAPI_DIR)'],
      ['--embedded 7.4|8.0', 'replay the safe calls against the embedded platform of that version'],
      ['--out DIR', 'write the reports to DIR (default REPORTS_DIR, where verify reads them); a report already there is kept as impact.previous.*'],
      ['-h, --help', 'print this text and exit 0'],
    ],
    exits: `0 nothing blocking, 1 a call is blocking; ${errorCodes}.`,
  },
  sim: {
    synopsis: 'npm run sim -- --version 7.4|8.0 [--port N] [--host ADDRESS] [--token-ttl SECONDS] [--login-page form|script] [--deprecation-headers sent|malformed] [--removed-endpoints not-found|gone] [--fault NAME]…',
    purpose: 'Serves one simulated platform instance (its CAS under /cas) until Ctrl-C and prints the .env lines that point the suite at it on stdout.',
    options: [
      ['--version 7.4|8.0', 'the platform version to simulate (required)'],
      ['--port N', 'the port to listen on (default 0: a free one)'],
      ['--host ADDRESS', 'the address to listen on (default 127.0.0.1)'],
      ['--token-ttl SECONDS', 'the access tokens\' lifetime'],
      ['--login-page form|script', 'script: a login form built by JavaScript, which only LOGIN_DRIVER=browser can drive'],
      ['--deprecation-headers sent|malformed', 'send Deprecation and Sunset headers on deprecated endpoints, or malformed ones'],
      ['--removed-endpoints not-found|gone', 'answer the endpoints 8.0 removes with 404 (default) or 410 Gone'],
      ['--fault NAME', 'start with a named deviation from the spec (repeatable; the list follows)'],
      ['-h, --help', 'print this text and exit 0'],
    ],
    exits: '0 stopped by Ctrl-C or SIGTERM; USAGE (64) for a command line that is not understood, TARGET_UNREACHABLE (3) when the port cannot be had.',
  },
  bench: {
    synopsis: 'npm run bench -- [--latency-ms N] [--overlap-runs N] [--runs N] [--concurrency N] [--no-html]',
    purpose: 'Benchmarks the embedded verify on a quiet machine: the overlap of requests on a slow network, then the median wall time of whole runs.',
    options: [
      ['--latency-ms N', 'the added latency of the overlap part (default 50; 0 skips that part)'],
      ['--overlap-runs N', 'overlap runs per version (default 3, at least 1)'],
      ['--concurrency N', 'MAX_CONCURRENCY of the overlap runs (default 8)'],
      ['--runs N', 'whole embedded verify runs to time (default 5; 0 skips that part)'],
      ['--no-html', 'leave the Allure HTML report out of the timed runs'],
      ['-h, --help', 'print this text and exit 0'],
    ],
    exits: '0 when every run was clean; USAGE (64) for a command line that is not understood.',
  },
  soak: {
    synopsis: 'npm run soak -- [--runs N]',
    purpose: 'Runs the embedded verify N times in a row and stops at the first run that does not exit 0, printing its summary and error lines.',
    options: [
      ['--runs N', 'how many runs (default 30, at least 1)'],
      ['-h, --help', 'print this text and exit 0'],
    ],
    exits: '0 all runs clean, 1 a run was not; USAGE (64) for a command line that is not understood.',
  },
} as const satisfies Readonly<Record<string, CommandHelp>>;

export type CommandName = keyof typeof commandHelp;

export const commandNames = Object.keys(commandHelp) as CommandName[];

/** The one line a `USAGE:` error ends with. */
export function usageLine(command: CommandName): string {
  return `usage: ${commandHelp[command].synopsis}`;
}

/** The whole `--help` text. */
export function helpText(command: CommandName): string {
  const help: CommandHelp = commandHelp[command];
  const width = Math.max(...help.options.map(([flag]) => flag.length));
  return [
    usageLine(command),
    '',
    help.purpose,
    '',
    'Options:',
    ...help.options.map(([flag, meaning]) => `  ${flag.padEnd(width)}  ${meaning}`),
    '',
    `Exit: ${help.exits}`,
    'More: docs/command-line.md',
    '',
  ].join('\n');
}
