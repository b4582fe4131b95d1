/**
 * The console's last line: the run's verdict, after every path to a report, so a reader (or a CI log's last line)
 * sees how the run went without scrolling back. It says what the exit status says (0 clean, 1 not), and when the run
 * was a part (`--only`, a shard, cut off, interrupted), that the verdict is of that part only.
 */
import type { RunResults } from '../runner/results.ts';

export interface VerdictInput {
  readonly results: RunResults;
  /** The cross-version contract comparison came out as documented (or was not this run's part). */
  readonly asDocumented: boolean;
  /** The summary's subset lines: a run that was not whole. */
  readonly subset: readonly string[];
}

export function verdictLine({ results, asDocumented, subset }: VerdictInput): string {
  const count = (state: string): number => results.checks.filter((check) => check.state === state).length;
  const failed = count('failed');
  const tally = `${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped`;
  const problems = [
    ...(failed > 0 ? [`${failed} check${failed === 1 ? '' : 's'} failed`] : []),
    ...(results.errors.length > 0 ? [`${results.errors.length} error${results.errors.length === 1 ? '' : 's'} outside checks`] : []),
    ...(asDocumented ? [] : ['contract breaks not as documented']),
  ];
  const part = subset.length > 0 ? '; of a part of the run only (see the summary\'s first lines)' : '';
  return problems.length === 0 ? `VERDICT: PASS (${tally})${part}` : `VERDICT: FAIL: ${problems.join('; ')} (${tally})${part}`;
}
