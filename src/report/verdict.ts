/**
 * The console's last line: the run's verdict, after every path to a report, so a reader (or a CI log's last line)
 * sees how the run went without scrolling back. It says what the exit status says (0 clean, 1 not), and when the run
 * was a part (`--only`, a shard), that the verdict is of that part only; a run cut short (RUN_TIMEOUT_S, Ctrl-C, a
 * missing shard) with no failure is INCOMPLETE, never PASS.
 */
import type { RunResults } from '../runner/results.ts';

export interface VerdictInput {
  readonly results: RunResults;
  /** The cross-version contract comparison came out as documented (or was not this run's part). */
  readonly asDocumented: boolean;
  /** The summary's subset lines: a run that was not whole. */
  readonly subset: readonly string[];
}

/** The subset line that says the run was cut short (RUN_TIMEOUT_S, Ctrl-C, a missing shard), if one does. */
export function cutShortLine(subset: readonly string[]): string | undefined {
  return subset.find((line) => /^(INTERRUPTED|INCOMPLETE):/.test(line));
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
  // A run cut short (RUN_TIMEOUT_S, Ctrl-C, a missing shard) is never a PASS: what did not run may have failed.
  const cut = cutShortLine(subset);
  const part = cut ? `; ${cut}` : subset.length > 0 ? "; of a part of the run only (see the summary's first lines)" : '';
  if (problems.length > 0) return `VERDICT: FAIL: ${problems.join('; ')} (${tally})${part}`;
  return `VERDICT: ${cut ? 'INCOMPLETE' : 'PASS'} (${tally})${part}`;
}
