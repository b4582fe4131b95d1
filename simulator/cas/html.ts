/**
 * HTML building blocks of the CAS pages. Every interpolated value goes
 * through escapeHtml; pages are complete HTML5 documents, so a client that
 * parses them (the suite's login driver uses parse5) sees no parse errors.
 */
const htmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

export function page(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)} · Central Authentication Service</title>`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function hiddenInput(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/**
 * Headers of every CAS page: never cached (they carry CSRF values) and never
 * framed, so the consent screen cannot be clickjacked (RFC 6749 §10.13).
 */
export const pageHeaders: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};
