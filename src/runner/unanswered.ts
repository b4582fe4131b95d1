/**
 * A target that stopped answering during the run (a staging redeployed at
 * night, a gateway gone): its checks that got no answer are not checked
 * (src/check/no-answer.ts), the reports say the run is incomplete, and the run
 * ends with the documented code of what happened and one line, after the
 * reports of what finished are written. verify and `npm run report` judge a
 * run's checks alike.
 */
import { UpgradeGuardError } from '../errors.ts';
import { noAnswerMessage } from '../check/no-answer.ts';
import type { CheckResult } from './results.ts';

function unanswered(checks: readonly CheckResult[]): CheckResult[] {
  return checks.filter((check) => check.noAnswer !== undefined);
}

/** The summary's line under its first one, when the target gave no answer: the run is incomplete, never read as whole. */
export function unansweredLines(checks: readonly CheckResult[]): string[] {
  const lost = unanswered(checks);
  return lost.length === 0 ? [] : [`INCOMPLETE: the target gave no answer to ${counted(lost.length)} (${targetsOf(lost)}); they are not checked`];
}

/** The run's one line for them: the code of the first, what the target did, and where the reports of the rest are. */
export function unansweredError(checks: readonly CheckResult[], reportsDir: string): UpgradeGuardError | undefined {
  const lost = unanswered(checks);
  const [first] = lost;
  if (first?.noAnswer === undefined) return undefined;
  // Failures of what it did answer are findings all the same: the line names them, so no retry of the night hides them.
  const failed = checks.filter((check) => check.state === 'failed').length;
  const findings = failed === 0 ? '' : `; ${counted(failed)} failed on what it answered: findings all the same (the summary lists them)`;
  return new UpgradeGuardError(
    first.noAnswer,
    `the target stopped answering during the run: ${counted(lost.length)} got no answer (${targetsOf(lost)}; first ${first.id}: ${noAnswerMessage(first.note)})${findings}; the reports (${reportsDir}) hold every check, the ${checks.length - lost.length} it answered with their verdicts; run again once the target answers`,
  );
}

function counted(checks: number): string {
  return `${checks} check${checks === 1 ? '' : 's'}`;
}

function targetsOf(checks: readonly CheckResult[]): string {
  return [...new Set(checks.map((check) => check.project))].join(', ');
}
