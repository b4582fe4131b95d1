/**
 * Which exchange log a request belongs to. Each check runs in its own async
 * scope, so checks that run concurrently still attach only their own
 * exchanges to their own report entry.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ExchangeLog } from './exchange-log.ts';

const scope = new AsyncLocalStorage<ExchangeLog>();

export function runWithExchangeLog<T>(log: ExchangeLog, body: () => Promise<T>): Promise<T> {
  return scope.run(log, body);
}

export function currentExchangeLog(): ExchangeLog | undefined {
  return scope.getStore();
}
