/**
 * The verdict of `job.dse-object.include-history` (spec §4.2: the job object
 * takes the new query parameter `includeHistory`). The spec names no field for
 * the history and the vendor's 8.0 DseObjectDto lists none, so the verdict asks
 * only that both values are accepted and answer the same job; which members
 * `true` added is what it reports.
 */
import { isRecord } from './_job.ts';

export interface DseObjectAnswer {
  readonly includeHistory: boolean;
  readonly status: number;
  /** The JSON body of a 2xx answer. */
  readonly body?: unknown;
  /** The start of the body of any other answer: the target's own words. */
  readonly refusal?: string;
}

export interface IncludeHistoryVerdict {
  readonly observation: string;
  readonly problems: readonly string[];
}

export function includeHistoryVerdict(answers: readonly DseObjectAnswer[], instanceId: string, path: string): IncludeHistoryVerdict {
  const withHistory = answers.find((answer) => answer.includeHistory);
  const without = answers.find((answer) => !answer.includeHistory);
  const added = membersAdded(withHistory?.body, without?.body);
  const statuses = answers.map((answer) => `includeHistory=${answer.includeHistory}: HTTP ${answer.status}`).join(', ');
  const observation = `${statuses}; ${added.length > 0 ? `true adds ${added.join(', ')}` : 'true adds no member (the spec names none)'}`;
  const problems = answers.flatMap((answer) => {
    const call = `GET ${path}?includeHistory=${answer.includeHistory}`;
    if (answer.status < 200 || answer.status >= 300) {
      return [`${call} answered HTTP ${answer.status}${answer.refusal ? `: ${answer.refusal}` : ''}; 8.0 takes the parameter (spec §4.2)`];
    }
    const answered = isRecord(answer.body) ? answer.body['instanceId'] : undefined;
    return String(answered) === instanceId ? [] : [`${call} answered instanceId ${JSON.stringify(answered ?? null)}, not the job ${instanceId} asked for`];
  });
  return { observation, problems };
}

/** The members of `withParameter` that `without` lacks. */
function membersAdded(withParameter: unknown, without: unknown): string[] {
  if (!isRecord(withParameter) || !isRecord(without)) return [];
  return Object.keys(withParameter).filter((name) => !Object.hasOwn(without, name));
}
