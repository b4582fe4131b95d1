/**
 * `check()` is how every suite check is declared: a vitest test whose name
 * ends in its stable id (`[auth.state-echo]`), labelled for Allure, run in
 * its own exchange-log scope, with its redacted HTTP exchanges attached
 * whether it passed, failed or skipped. The kill matrix finds checks by id.
 */
import { inject, it, type TestContext } from 'vitest';
import * as allure from 'allure-js-commons';
import { ExchangeLog } from '../http/exchange-log.ts';
import { runWithExchangeLog } from '../http/exchange-scope.ts';
import { processSecrets } from '../http/redact.ts';
import { annotateCheck, type CheckLabels } from './annotate.ts';

export interface CheckDefinition {
  /** Stable id, dotted: `<area>.<check>`; the kill matrix names checks by it. */
  readonly id: string;
  /** What the check asserts, as a sentence. */
  readonly title: string;
  readonly labels: CheckLabels;
  /** Run alongside the other concurrent checks of the file (requests still go through the shared limiter). */
  readonly concurrent?: boolean;
}

export type CheckBody = (context: TestContext) => Promise<void>;

export const checkIdPattern = /\[([a-z0-9][a-z0-9.\-_:]*)\]$/;

export function checkName(definition: Pick<CheckDefinition, 'id' | 'title'>): string {
  return `${definition.title} [${definition.id}]`;
}

export function check(definition: CheckDefinition, body: CheckBody): void {
  const register = definition.concurrent ? it.concurrent : it;
  register(checkName(definition), async (context) => {
    const target = inject('target');
    const log = new ExchangeLog(processSecrets);
    try {
      await annotateCheck(definition.labels);
      await allure.parameter('version', target.version);
      await allure.parameter('target', target.project);
      await allure.label('check', definition.id);
      await runWithExchangeLog(log, () => body(context));
    } finally {
      const exchanges = log.drain();
      if (exchanges.length > 0) {
        await allure.attachment('HTTP exchanges (redacted)', JSON.stringify(exchanges, null, 2), 'application/json');
      }
    }
  });
}
