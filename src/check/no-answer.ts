/**
 * A check the target gave no answer to (it could not be reached, it reset the
 * connection, it did not answer in REQUEST_TIMEOUT_MS, or the client gave up
 * on it after timeouts in a row) is not checked: no answer says nothing of
 * the spec. The run then ends with the code of what happened
 * (src/runner/unanswered.ts).
 */
import type { TestContext } from 'vitest';
import type { NoAnswerCode } from '../errors.ts';
import { skipWithReason } from './skip.ts';

const notePrefix = 'not checked: the target gave no answer: ';

/** Not checked: the target gave no answer; `message` says what it did (already free of secrets). */
export async function skipNoAnswer(context: TestContext, code: NoAnswerCode, message: string): Promise<never> {
  context.task.meta.noAnswer = code;
  return skipWithReason(context, `${notePrefix}${message}`);
}

/** What the target did, from a no-answer skip note. */
export function noAnswerMessage(note: string | undefined): string {
  return (note ?? '').replace(notePrefix, '');
}
