/**
 * `npm run impact`: what will 8.0 do to *our* calls? Reads what a team's
 * integration calls (a HAR, pact files, a list of `METHOD /path` lines),
 * matches every distinct call to the spec's endpoints and writes
 * reports/impact.{md,json,html}. Offline without a target; with BASE_URL
 * (or `--embedded 8.0`) the safe calls are replayed read-only beside the
 * prediction. Exit codes: 0 nothing blocking, 1 a blocking call, otherwise
 * the error catalog's code (src/errors.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config/config.ts';
import { loadVendorDocuments } from '../conformance/vendor-documents.ts';
import { hasOwnPacts } from '../contracts/sources.ts';
import { UpgradeGuardError } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { isPlatformVersion, type PlatformVersion } from '../profile/versions.ts';
import { byVerdict, groupCalls, judge, summarize } from '../impact/analyze.ts';
import { readCallList } from '../impact/read-calls.ts';
import { readHar } from '../impact/read-har.ts';
import { readPacts } from '../impact/read-pacts.ts';
import { summaryLine } from '../impact/render-markdown.ts';
import type { CallImpact, ImpactReport, ObservedCall } from '../impact/types.ts';
import { vendorEvidence } from '../impact/vendor-paths.ts';
import { writeImpactReports } from '../impact/write-reports.ts';
import { commandArguments, runCli } from './run-cli.ts';
import { usageLine } from './usage.ts';

const usage = usageLine('impact');

interface ImpactArgs {
  readonly har: readonly string[];
  readonly pact: readonly string[];
  readonly calls: readonly string[];
  readonly envFile?: string;
  readonly openapi?: string;
  readonly embedded?: PlatformVersion;
  /** Where the reports go; REPORTS_DIR when not given. */
  readonly out?: string;
}

function parseImpactArgs(argv: string[]): ImpactArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        har: { type: 'string', multiple: true, default: [] },
        pact: { type: 'string', multiple: true, default: [] },
        calls: { type: 'string', multiple: true, default: [] },
        'env-file': { type: 'string' },
        openapi: { type: 'string' },
        embedded: { type: 'string' },
        out: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UpgradeGuardError('USAGE', `${(error as Error).message}; ${usage}`);
  }
  const embedded = values.embedded;
  if (embedded !== undefined && !isPlatformVersion(embedded)) throw new UpgradeGuardError('USAGE', `--embedded must be 7.4 or 8.0; ${usage}`);
  return {
    har: values.har,
    pact: values.pact,
    calls: values.calls,
    ...(values['env-file'] !== undefined && { envFile: values['env-file'] }),
    ...(values.openapi !== undefined && { openapi: values.openapi }),
    ...(embedded !== undefined && { embedded }),
    ...(values.out !== undefined && { out: values.out }),
  };
}

async function impact(secrets: SecretRegistry): Promise<number> {
  const args = parseImpactArgs(commandArguments());
  const loaded = loadConfig(args.envFile === undefined ? {} : { envFile: args.envFile });
  const config: Config = args.openapi === undefined ? loaded : Object.freeze({ ...loaded, openapiDir: args.openapi });
  if (args.embedded !== undefined && config.remote) throw new UpgradeGuardError('USAGE', `--embedded replays against the simulator; BASE_URL names a real target: use one of them`);
  if (args.har.length + args.pact.length + args.calls.length === 0 && !hasOwnPacts(config.pact)) {
    throw new UpgradeGuardError('USAGE', `name what your integration calls: --har, --pact or --calls (or PACT_URLS / PACT_DIR / PACT_BROKER_BASE_URL); ${usage}`);
  }
  const documents = config.openapiDir === undefined ? undefined : loadVendorDocuments(config.openapiDir);

  const http = new HttpClient({ timeoutMs: config.requestTimeoutMs, maxConcurrency: config.maxConcurrency, secrets });
  const calls: ObservedCall[] = [];
  const inputs: string[] = [];
  try {
    for (const file of args.har) {
      const har = await readHar(file, secrets);
      calls.push(...har.calls);
      inputs.push(`${file} (${har.calls.length} platform calls${har.leftOut > 0 ? `; ${har.leftOut} entries outside the platform's APIs left out` : ''})`);
    }
    for (const file of args.calls) {
      const listed = await readCallList(file, secrets);
      calls.push(...listed);
      inputs.push(`${file} (${listed.length} calls)`);
    }
    if (args.pact.length > 0 || hasOwnPacts(config.pact)) {
      const interactions = await readPacts(args.pact, config.pact, http);
      calls.push(...interactions);
      inputs.push(`pacts ${[...args.pact, ...config.pact.urls, ...(config.pact.dir ? [config.pact.dir] : []), ...(config.pact.broker ? [config.pact.broker.url] : [])].join(', ')} (${interactions.length} interactions)`);
    }
  } finally {
    await http.close();
  }
  if (calls.length === 0) throw new UpgradeGuardError('CONFIG_INVALID', `the inputs hold no calls to the platform's APIs (${inputs.join('; ')})`);

  const groups = groupCalls(calls);
  let impacts: CallImpact[] = groups.map((group) => {
    const judged = judge(group);
    const vendor = documents && vendorEvidence(judged, documents);
    return vendor ? { ...judged, vendor } : judged;
  });
  // The verdicts always come from the spec (and the vendor's documents); a replay only sets what a target did beside them.
  const judgedFrom = config.openapiDir === undefined ? 'verdicts from the spec\'s change catalog' : `verdicts from the spec's change catalog and the vendor's documents in ${config.openapiDir}`;
  let mode = `offline: ${judgedFrom}`;
  if (config.remote || args.embedded) {
    // Loaded only for a replay: the offline analysis never starts the simulator, the login or the fixtures.
    const [{ openReplayTarget }, { replayer }] = await Promise.all([import('../impact/replay-target.ts'), import('../impact/replay.ts')]);
    const open = await openReplayTarget(config, args.embedded, secrets);
    try {
      const replay = replayer(open, { allowMutations: config.allowMutations, allowIrreversible: config.allowIrreversible });
      impacts = await Promise.all(groups.map(async (group, index) => {
        const judged = impacts[index];
        if (!judged) throw new UpgradeGuardError('INTERNAL', 'a call lost its verdict');
        return { ...judged, observed: await replay.replay(group, judged) };
      }));
      const changing = config.allowMutations && (open.target.embedded || config.allowIrreversible) ? ` (ALLOW_MUTATIONS=true${open.target.embedded ? '' : ', ALLOW_IRREVERSIBLE=true'}: calls that change data too)` : '';
      mode = `${judgedFrom}; safe calls replayed against ${open.label}${changing}`;
    } finally {
      await open.close();
    }
  }
  const sorted = [...impacts].sort(byVerdict);
  const report: ImpactReport = { generatedAt: new Date().toISOString(), mode, inputs, summary: summarize(sorted), calls: sorted };
  const written = await writeImpactReports(args.out ?? config.reportsDir, report, secrets);
  const { paths } = written;
  const previous = written.previous === undefined ? '' : `; the one there before is kept as ${written.previous} (and .html, .json)`;
  process.stdout.write(`${secrets.scrub(summaryLine(report))}\nImpact report: ${paths.markdown} (also ${paths.html}, ${paths.json})${previous}\n`);
  return report.summary.blocking > 0 ? 1 : 0;
}

await runCli(impact);
