/**
 * The Rust verifier's JSON report (pact-core hands it back from
 * `pactffi_verifier_json`: resolved on success, as the error message on
 * failure): one result per interaction, and the mismatches of those that
 * failed. This is how one verifier run yields one check per interaction.
 */
import { arrayOf, isRecord, member, text } from '../http/json.ts';
import type { NoAnswerCode } from '../errors.ts';

export interface Mismatch {
  /** `StatusMismatch`, `BodyMismatch`, `HeaderMismatch`, `error` (a state change or request that failed), … */
  readonly type: string;
  /** JSON path or header name, where the verifier names one. */
  readonly path?: string;
  readonly text: string;
  readonly expected?: string;
  readonly actual?: string;
}

export interface InteractionVerdict {
  readonly description: string;
  readonly passed: boolean;
  readonly mismatches: readonly Mismatch[];
}

export interface VerificationReport {
  readonly verdicts: readonly InteractionVerdict[];
  /** The verifier's console output, ANSI colours removed. */
  readonly output: string;
}

/** Reads the report; undefined when the text is not one (the verifier could not run at all). */
export function parseVerificationReport(raw: string): VerificationReport | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.interactionResults)) return undefined;
  const descriptions = arrayOf(parsed.interactionResults).flatMap((result) => {
    const description = text(member(result, 'description'));
    return description === undefined ? [] : [{ description, ok: member(result, 'result') === 'OK' }];
  });
  const mismatchesByDescription = new Map<string, Mismatch[]>();
  for (const error of [...arrayOf(parsed.errors), ...arrayOf(parsed.pendingErrors)]) {
    const description = describedInteraction(text(member(error, 'interaction')) ?? '', descriptions.map((entry) => entry.description));
    if (description === undefined) continue;
    const list = mismatchesByDescription.get(description) ?? [];
    list.push(...readMismatches(member(error, 'mismatch')));
    mismatchesByDescription.set(description, list);
  }
  const verdicts = descriptions.map(({ description, ok }) => ({
    description,
    passed: ok && !mismatchesByDescription.has(description),
    mismatches: mismatchesByDescription.get(description) ?? [],
  }));
  const output = arrayOf(parsed.output).filter((line): line is string => typeof line === 'string').join('\n');
  return { verdicts, output: stripAnsi(output) };
}

/** One line per mismatch: `BodyMismatch $.fees[0].amount: Expected "1500.00" (String) to be a number`. */
export function formatMismatches(mismatches: readonly Mismatch[]): string {
  return mismatches.map((mismatch) => `${mismatch.type}${mismatch.path ? ` ${mismatch.path}` : ''}: ${mismatch.text}`).join('\n');
}

/** The report names an interaction "Verifying a pact between C and P - <description>"; the longest known description that ends it wins. */
function describedInteraction(name: string, known: readonly string[]): string | undefined {
  const matches = known.filter((description) => name === description || name.endsWith(` - ${description}`));
  return matches.sort((a, b) => b.length - a.length)[0];
}

function readMismatches(value: unknown): Mismatch[] {
  const type = text(member(value, 'type'));
  if (type === 'mismatches') return arrayOf(member(value, 'mismatches')).map(readMismatch);
  const message = text(member(value, 'message')) ?? JSON.stringify(value);
  return [{ type: type ?? noResponseMismatch, text: stripAnsi(message) }];
}

function readMismatch(value: unknown): Mismatch {
  const type = text(member(value, 'type')) ?? 'Mismatch';
  const path = text(member(value, 'path')) ?? text(member(value, 'key'));
  const expected = show(member(value, 'expected'));
  const actual = show(member(value, 'actual'));
  return {
    type,
    ...(path !== undefined && { path }),
    text: stripAnsi(text(member(value, 'mismatch')) ?? `expected ${expected ?? '?'} but was ${actual ?? '?'}`),
    ...(expected !== undefined && { expected }),
    ...(actual !== undefined && { actual }),
  };
}

function show(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function stripAnsi(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\u001b\[[0-9;]*m/g, '');
}

/**
 * The verifier reports a request it got no response for as an `error`, not as mismatches (verification-report.ts);
 * we use the same type for a provider state whose setup got none. Cross-version comparison leaves such an
 * interaction "not compared" (cross-version.ts).
 */
export const noResponseMismatch = 'error';

/** Whether the target gave the interaction no response at all: every mismatch is of the no-response kind. */
export function gotNoResponse(outcome: { readonly mismatches: readonly Mismatch[] }): boolean {
  return outcome.mismatches.length > 0 && outcome.mismatches.every((mismatch) => mismatch.type === noResponseMismatch);
}

/**
 * What the target's silence was, from our own words for it (the request filter's, the proxy's, the client's): it did
 * not answer in time (a hang, a body that never arrived, a target given up on after timeouts in a row, a request the
 * verifier gave up on while it waited), or it could not be reached (refused, reset, a gateway). Only verify-source.ts
 * calls it, where it wrote those words; the verifier's own errors are no silence of the target's.
 */
export function silenceCode(text: string): NoAnswerCode {
  return /did not answer|did not arrive|timed out|gave up/.test(text) ? 'TARGET_TIMEOUT' : 'TARGET_UNREACHABLE';
}
