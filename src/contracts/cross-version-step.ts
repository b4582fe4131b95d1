/**
 * The cross-version comparison as a step of `verify`: with `--from/--to`
 * it is the whole run; otherwise it follows the suites whenever the run
 * covers an 8.0 target (the embedded one, or an 8.0 BASE_URL), comparing
 * the 7.4 contracts against it. It writes reports/contract-breaks.json and
 * .md, and hands verify the migration report's section and a console line.
 */
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import { processSecrets } from '../http/redact.ts';
import { isPlatformVersion, type PlatformVersion } from '../profile/versions.ts';
import type { ReportSection } from '../report/migration-report.ts';
import type { RunTarget } from '../target/run-plan.ts';
import { contractBreaksJson, contractBreaksMarkdown, contractBreaksSummaryLine, writeContractBreaks, type WrittenContractBreaks } from './contract-breaks-report.ts';
import type { ContractBreaksSection } from './cross-version.ts';
import { runCrossVersion, type CrossVersionRequest } from './cross-version-run.ts';

export interface ContractBreaksStep {
  readonly section: ContractBreaksSection;
  /** For buildMigrationReport's `sections`. */
  readonly report: ReportSection;
  /** For the console summary. */
  readonly summaryLine: string;
  readonly files: WrittenContractBreaks;
}

/** `--from 7.4 --to 8.0`: both or neither, two different versions. */
export function crossVersionFlags(from: string | undefined, to: string | undefined): CrossVersionRequest | undefined {
  if (from === undefined && to === undefined) return undefined;
  if (from === undefined || to === undefined) throw new UpgradeGuardError('USAGE', '--from and --to go together (e.g. --from 7.4 --to 8.0)');
  if (!isPlatformVersion(from) || !isPlatformVersion(to)) throw new UpgradeGuardError('USAGE', '--from and --to must be 7.4 or 8.0');
  if (from === to) throw new UpgradeGuardError('USAGE', `--from and --to must differ (both are ${from})`);
  return { from, to };
}

/** After the suites: 7.4 contracts against 8.0, when the run covers an 8.0 target. */
export function defaultCrossVersion(plan: readonly RunTarget[]): CrossVersionRequest | undefined {
  const to: PlatformVersion = '8.0';
  return plan.some((target) => target.version === to) ? { from: '7.4', to } : undefined;
}

export async function runContractBreaksStep(config: Config, request: CrossVersionRequest): Promise<ContractBreaksStep> {
  const section = await runCrossVersion(config, request);
  const files = await writeContractBreaks(section, config.reportsDir);
  return {
    section,
    report: contractBreaksReportSection(section),
    summaryLine: contractBreaksSummaryLine(section),
    files,
  };
}

/** The migration report's "Contract breaks" section (its heading comes from the report). */
export function contractBreaksReportSection(section: ContractBreaksSection): ReportSection {
  return { title: 'Contract breaks', markdown: contractBreaksMarkdown(section, { heading: false }), data: contractBreaksJson(section) };
}

/**
 * What a plain `verify` runs after the suites: the comparison when the plan
 * covers 8.0, its console line through `print`, and whether the breaks were
 * exactly the documented ones (a comparison that could not run is not).
 */
export async function contractBreaksAfterSuites(
  config: Config,
  plan: readonly RunTarget[],
  print: (line: string) => void,
): Promise<{ readonly step?: ContractBreaksStep; readonly asDocumented: boolean }> {
  const request = defaultCrossVersion(plan);
  if (!request) return { asDocumented: true };
  try {
    const step = await runContractBreaksStep(config, request);
    print(step.summaryLine);
    return { step, asDocumented: step.section.exact };
  } catch (error) {
    print(processSecrets.scrub(`Contract breaks ${request.from} → ${request.to}: not compared: ${error instanceof Error ? error.message : String(error)}`));
    return { asDocumented: false };
  }
}
