/**
 * What one verify run covers, worked out from its flags before anything slow starts: its targets (`--version`), its
 * suites (`--suites`), its checks (`--only`), its shard (`--shard`), and whether and when it compares the 7.4
 * contracts against 8.0 (the contract-breaks step, docs/contracts.md). Each refusal names the flag and how to mend it.
 */
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import { isPlatformVersion } from '../profile/versions.ts';
import { parseCheckSelection } from '../check/check-selection.ts';
import { defaultCrossVersion, type CrossVersionRequest } from '../contracts/cross-version-request.ts';
import { contractsSuiteFile, defaultRunPlan, type RunTarget } from '../run-targets/run-plan.ts';
import { filesOfShard, parseShard, shardLabel, suiteFiles, type Shard } from '../runner/shard.ts';
import { parseSuiteSelection, suiteNames, suitesOfSelection, suitesThatRun, type SuiteName } from '../runner/suite-selection.ts';
import type { VerifyArgs } from './verify-options.ts';
import { usageLine } from './usage.ts';

export interface RunScope {
  readonly plan: readonly RunTarget[];
  /** The suites that run; undefined, every suite. */
  readonly suites: readonly SuiteName[] | undefined;
  /** `--suites` when it leaves a suite of the whole run out: the run is a part, and says so. */
  readonly partOfSuites: readonly SuiteName[] | undefined;
  /** `--only`: the check-id globs (src/check/check-selection.ts). */
  readonly checkSelection: readonly string[] | undefined;
  readonly shard: Shard | undefined;
  /** The shard's suite files. */
  readonly shardFiles: readonly string[] | undefined;
  /** The contract suite runs: the run's one Pact verifier child serves its verification. */
  readonly contracts: boolean;
  /**
   * The contract-breaks step, when the run has the contract suite and an 8.0 target: beside the suites (it has a
   * target of its own), or, with `--only`, after them and only if a contract check of the selection ran.
   */
  readonly comparison: { readonly request: CrossVersionRequest; readonly when: 'alongside' | 'after' } | undefined;
}

export async function runScope(args: VerifyArgs, settings: Config): Promise<RunScope> {
  let plan = defaultRunPlan(settings);
  if (args.version !== undefined) {
    if (!isPlatformVersion(args.version)) throw new UpgradeGuardError('USAGE', `--version must be 7.4 or 8.0; ${usageLine('verify')}`);
    plan = plan.filter((target) => target.version === args.version);
    if (plan.length === 0) throw new UpgradeGuardError('USAGE', `--version ${args.version} does not match TARGET_VERSION of the configured target`);
  }
  const checkSelection = args.only === undefined ? undefined : parseCheckSelection(args.only);
  const named = args.suites === undefined ? undefined : parseSuiteSelection(args.suites);
  // Vendor conformance judges the module exchanges against the vendor's documents: without them it has no check.
  if (named?.includes('conformance') && settings.openapiDir === undefined) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--suites conformance checks the module exchanges against the vendor's OpenAPI documents: pass --openapi DIR or set OPENAPI_DIR`);
  }
  const suites = suitesOfSelection(named, checkSelection, args.only);
  if (suites && settings.openapiDir === undefined && suitesThatRun(suites, undefined).length === 0) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--only "${args.only}" selects vendor conformance checks only, which check the module exchanges against the vendor's OpenAPI documents: pass --openapi DIR or set OPENAPI_DIR`);
  }
  // Vendor conformance is part of a whole run only with the vendor's documents.
  const partOfSuites = named && suitesThatRun(undefined, settings.openapiDir).some((name) => !named.includes(name)) ? named : undefined;
  const shard = args.shard === undefined ? undefined : parseShard(args.shard);
  // Vendor conformance judges every module exchange of a target at once: a shard holds only some of them.
  if (shard && settings.openapiDir !== undefined) {
    throw new UpgradeGuardError('CONFIG_INVALID', `--shard cannot be combined with --openapi / OPENAPI_DIR: vendor conformance needs every module exchange of a target in one run`);
  }
  const shardFiles = shard ? filesOfShard(await suiteFiles(process.cwd(), shardedFolders(suites)), shard) : undefined;
  const contracts = (!suites || suites.includes('contracts')) && (!shardFiles || shardFiles.includes(contractsSuiteFile));
  const request = defaultCrossVersion(plan);
  // A selection is judged on the checks that ran: whether it holds a contract check is known only after the suites.
  const comparison = contracts && request ? { request, when: checkSelection ? ('after' as const) : ('alongside' as const) } : undefined;
  return { plan, suites, partOfSuites, checkSelection, shard, shardFiles, contracts, comparison };
}

/** What a run covers, for its first line: its targets, suites, selection and shard. */
export function describeScope(scope: RunScope, settings: Config, only: string | undefined): string {
  const what = [`suites ${suitesThatRun(scope.suites, settings.openapiDir).join(', ')}`, ...(only !== undefined ? [`--only ${only}`] : []), ...(scope.shard ? [`shard ${shardLabel(scope.shard)}`] : [])].join(', ');
  return `${scope.plan.map((runTarget) => runTarget.name).join(' and ')}; ${what}`;
}

/** The summary's lines under its first when the run is a subset: `--only`, one shard. */
export function subsetLines(scope: RunScope, only: string | undefined): string[] {
  return [
    ...(only !== undefined ? [`only the checks matching --only ${only}`] : []),
    ...(scope.shard && scope.shardFiles ? [`shard ${shardLabel(scope.shard)}: ${scope.shardFiles.length} suite files; merge the shards with npm run report -- DIR…`] : []),
  ];
}

/** The suite files a run was to run: its shard's, or those of its suites (vendor conformance's only with the vendor's documents). */
export async function filesOfRun(scope: RunScope, config: Config): Promise<readonly string[]> {
  return scope.shardFiles ?? (await suiteFiles(process.cwd(), suitesThatRun(scope.suites, config.openapiDir)));
}

/** The folders a shard deals out: the selected suites, or all; vendor conformance is never sharded (it runs after the module suites). */
function shardedFolders(suites: readonly SuiteName[] | undefined): SuiteName[] {
  return (suites ?? suiteNames).filter((name) => name !== 'conformance');
}
