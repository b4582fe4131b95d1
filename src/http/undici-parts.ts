/**
 * The parts of undici the client uses, required from their own files: its
 * pooled Agent, its retry interceptor and its request API. undici's entry
 * module also loads fetch, WebSocket, the caches and the mock agents, CPU
 * that every suite worker would spend before its first request, while the
 * workers start together on few cores. undici
 * publishes no exports map, so these are its own published files;
 * test/unit/undici-parts.test.ts checks they are the very ones its entry
 * exports, so an upgrade that moves one fails there, never silently.
 */
import { createRequire } from 'node:module';
import type { Agent as UndiciAgent, Dispatcher, interceptors } from 'undici';

const requireUndici = createRequire(import.meta.url);

export const Agent = requireUndici('undici/lib/dispatcher/agent.js') as typeof UndiciAgent;
export type Agent = UndiciAgent;

export const retryInterceptor = requireUndici('undici/lib/interceptor/retry.js') as typeof interceptors.retry;

/** undici's own URL check (an http or https URL, else its "Invalid URL protocol" error), as its entry's `request` makes it. */
const { parseURL } = requireUndici('undici/lib/core/util.js') as { parseURL: (url: URL) => URL };

/** The request API undici mixes into every dispatcher (`dispatcher.request`), called on the one given. */
export const dispatcherRequest = requireUndici('undici/lib/api/api-request.js') as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** undici's `request(url, options)` for a URL the client has built: its origin and path, through `options.dispatcher`. */
export async function request(url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { readonly dispatcher: Dispatcher }): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const checked = parseURL(url);
  return dispatcherRequest.call(dispatcher, { ...rest, origin: checked.origin, path: `${checked.pathname}${checked.search}` });
}
