/**
 * Failure messages a person can read, and the status a failure gets.
 *
 * - A break by the target (a contract mismatch, a vendor document violated) is
 *   thrown as an assertion: Allure files it as Failed (a product defect), and
 *   only our own crash, any other error, stays Broken. A body the target
 *   answered that cannot be read as due (TARGET_MALFORMED) is such a break.
 * - vitest prints `expect(problems).toEqual([])` as `expected [ …(13) ] to deeply
 *   equal []` and `expect(text).toBe('')` as a cut `'/items/0/…:…'`; the problems
 *   themselves are what a reader needs, so the message becomes the list:
 *   `label: first problem (+12 more)`, then one problem per line;
 * - and `expect(status, label).toBe(403)` as `expected 200 to be 403 // Object.is
 *   equality`, which reads backwards to a person: it becomes `label: got 200,
 *   expected 403`.
 */
import { AssertionError } from 'node:assert';
import { isUpgradeGuardError } from '../errors.ts';
import type { HttpResponse } from '../http/client.ts';

/** A failure that is the target's, not ours: Failed in Allure, never Broken. */
export function targetBreak(message: string): AssertionError {
  return new AssertionError({ message });
}

/** The JSON body of a 2xx answer; anything else fails the check with the status, as the target's break. */
export function okBody(response: HttpResponse, what: string): unknown {
  if (response.status < 200 || response.status >= 300) throw targetBreak(`${what} answered ${response.status}: ${response.text.slice(0, 200)}`);
  return response.json();
}

/**
 * Rewrites an "expected none" assertion's message into its problems, one per line, and makes a body the
 * target answered that could not be read (TARGET_MALFORMED) the target's break; other errors are left as they are.
 */
export function readableFailure(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // A body of the wrong shape (a JSON string where an object is due) is the target's answer, not our crash.
  if (isUpgradeGuardError(error) && error.code === 'TARGET_MALFORMED') return withoutFrames(targetBreak(`${error.code}: ${error.message}`));
  const { actual, expected } = error as Error & { actual?: unknown; expected?: unknown };
  const problems = problemLines(actual, expected);
  if (problems !== undefined && problems.length > 0) {
    error.message = problemMessage(labelOf(error.message), problems);
    return withoutFrames(error);
  }
  // `expect(status, label).toBe(403)` reads "expected 200 to be 403 // Object.is equality": say what came and what was due.
  const scalar = scalarMismatch(error.message, actual, expected);
  if (scalar !== undefined) error.message = scalar;
  return withoutFrames(error);
}

/**
 * A target's break says what the spec promises: a headline that cites no section gets the check's own (`spec §4.4`),
 * so a schema's or a value's complaint is never without the promise it breaks.
 */
export function citingSection(error: unknown, section: string): unknown {
  if (!(error instanceof Error) || error.name !== 'AssertionError' || section === '') return error;
  const [headline = '', ...rest] = error.message.split('\n');
  if (headline.includes('§')) return error;
  // A headline that announces the lines after it keeps its colon last.
  const cited = headline.endsWith(':') ? `${headline.slice(0, -1)} (spec ${section}):` : `${headline} (spec ${section})`;
  error.message = [cited, ...rest].join('\n');
  return withoutFrames(error);
}

/**
 * A failed assertion is the target's break: the frames of our code it was thrown in say nothing of the target, and in
 * Allure's trace they read like a crash of ours. Its stack is its message, as rewritten above. Anything else (our own
 * defect, Broken in Allure) keeps its frames.
 */
function withoutFrames(error: Error): Error {
  if (error.name === 'AssertionError') error.stack = `${error.name}: ${error.message}`;
  return error;
}

/** `label: first (+n more)` and then every further problem on its own line. */
export function problemMessage(label: string | undefined, problems: readonly string[]): string {
  const [first, ...rest] = problems;
  const headline = `${label ? `${label}: ` : ''}${first ?? ''}${rest.length > 0 ? ` (+${rest.length} more)` : ''}`;
  return [headline, ...rest.map((line) => `  ${line}`)].join('\n');
}

function problemLines(actual: unknown, expected: unknown): string[] | undefined {
  if (Array.isArray(expected) && expected.length === 0 && Array.isArray(actual)) return actual.map(asLine);
  if (expected === '' && typeof actual === 'string') return actual.split('\n').filter((line) => line.trim() !== '');
  return undefined;
}

function asLine(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * `label: got 200, expected 403` for a `toBe` of two numbers, strings or booleans, and `label: got "a", expected any
 * other value` for a `.not.toBe`; undefined for any other failure.
 */
function scalarMismatch(message: string, actual: unknown, expected: unknown): string | undefined {
  const scalar = (value: unknown): value is number | string | boolean => ['number', 'string', 'boolean'].includes(typeof value);
  if (!message.endsWith('// Object.is equality') || !scalar(actual) || !scalar(expected)) return undefined;
  const label = /^([\s\S]*?): expected /.exec(message)?.[1];
  if (message.includes(' not to be ')) return `${label ? `${label}: ` : ''}got ${JSON.stringify(actual)}, expected any other value`;
  return `${label ? `${label}: ` : ''}got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
}

/** The text given to `expect(value, label)`: chai puts it before its own `expected …`. */
function labelOf(message: string): string | undefined {
  const own = /^([\s\S]*?): expected [[']/.exec(message);
  return own?.[1];
}
