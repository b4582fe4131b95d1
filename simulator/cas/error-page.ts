import { html, type SimResponse } from '../http/router.ts';
import { escapeHtml, page, pageHeaders } from './html.ts';

/**
 * An error shown to the user at the CAS instead of a redirect: used when the
 * client or its redirect URI cannot be trusted (RFC 6749 §4.1.2.1 forbids
 * redirecting then) and when a form post is stale or forged.
 */
export function errorPage(status: number, error: string, description: string): SimResponse {
  const markup = page(
    'Error',
    [
      '<h1>The request cannot be completed</h1>',
      `<p>Error: <code>${escapeHtml(error)}</code></p>`,
      `<p>${escapeHtml(description)}</p>`,
    ].join('\n'),
  );
  return html(status, markup, pageHeaders);
}
