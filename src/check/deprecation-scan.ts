/**
 * Every response a check sees is scanned for Deprecation and Sunset signals
 * (src/http/deprecation-headers.ts). What it finds is kept on the check (the
 * migration report reads it per endpoint and version) and shown in Allure; it
 * never passes or fails a check: the spec obliges no such header.
 */
import * as allure from 'allure-js-commons';
import type { TestContext } from 'vitest';
import { deprecationSignal, describeSignal, isMalformed, type DeprecationSignal } from '../http/deprecation-headers.ts';
import type { Exchange } from '../http/exchange-log.ts';

export function scanExchanges(exchanges: readonly Exchange[]): DeprecationSignal[] {
  return exchanges.flatMap((exchange) => {
    if (exchange.status === undefined || exchange.responseHeaders === undefined) return [];
    const signal = deprecationSignal(exchange.method, exchange.url, exchange.status, lowerCased(exchange.responseHeaders));
    return signal ? [signal] : [];
  });
}

export async function recordDeprecationSignals(context: TestContext, exchanges: readonly Exchange[]): Promise<void> {
  const signals = scanExchanges(exchanges);
  if (signals.length === 0) return;
  context.task.meta.deprecationHeaders = signals;
  const malformed = signals.some(isMalformed);
  await allure.label('deprecationHeaders', malformed ? 'malformed' : 'sent');
  const text = signals.map((signal) => `${signal.method} ${signal.path} → ${signal.status}: ${describeSignal(signal)}`).join('\n');
  await allure.attachment(malformed ? 'observation: MALFORMED Deprecation/Sunset headers' : 'observation: Deprecation/Sunset headers', text, 'text/plain');
}

function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

declare module 'vitest' {
  export interface TaskMeta {
    /** The Deprecation / Sunset signals of the responses the check saw. */
    deprecationHeaders?: readonly DeprecationSignal[];
  }
}

/**
 * A deprecated endpoint's check says in Allure what the endpoint's answer
 * signalled, sent or not, so each version's result shows it (excluded from
 * Allure's history id: the value may change from night to night).
 */
export async function annotateDeprecatedEndpoint(response: { readonly url: string; readonly status: number; readonly headers: Readonly<Record<string, string | string[] | undefined>> }, method: string): Promise<void> {
  const signal = deprecationSignal(method, response.url, response.status, response.headers);
  await allure.parameter('Deprecation/Sunset headers', signal ? describeSignal(signal) : 'none sent', { excluded: true });
}
