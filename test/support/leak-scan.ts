/**
 * The login flow's values a leak test never learns by value: the hidden
 * fields of the login and consent pages (their names are read from the
 * pages the reports hold, with the values redacted), and OAuth's `state`.
 * Wherever such a name appears with a value (a redirect's Location or any
 * other header, a request URL, a form body, a JSON member) the value must
 * be redacted (docs/secrets.md).
 */

export interface Haystack {
  readonly name: string;
  readonly text: string;
}

/** Hidden inputs as the reports show them: raw HTML, or HTML inside a JSON string (escaped quotes). */
const hiddenInput = /<input\b[^>]*type=\\?["']?hidden\b[^>]*>/gi;
const nameAttribute = /\bname=\\?["']?([A-Za-z0-9_.:-]+)/i;

/** Every hidden field name of the pages in the haystacks. */
export function hiddenFieldNames(haystacks: readonly Haystack[]): string[] {
  const names = new Set<string>();
  for (const { text } of haystacks) {
    for (const tag of text.matchAll(hiddenInput)) {
      const name = nameAttribute.exec(tag[0])?.[1];
      if (name) names.add(name);
    }
  }
  return [...names];
}

const redactedForms = ['[REDACTED]', '%5BREDACTED%5D', '%255BREDACTED%255D'];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The login flow's values left unredacted: `name=value` of a hidden field or of `state` in a URL or form (raw,
 * HTML-escaped or percent-encoded), and `"name": "value"` of a hidden field in JSON (not of `state`: a JSON member
 * of that name is module data, spec §3 AI tagging).
 */
export function unredactedLoginFlowValues(haystacks: readonly Haystack[]): string[] {
  const leaks: string[] = [];
  for (const field of ['state', ...hiddenFieldNames(haystacks)]) {
    const name = escapeRegExp(field);
    const patterns = [new RegExp(String.raw`(?:[?&;#]|&amp;|%26|%3F)${name}(?:=|%3D)([^&\s"'<>#\\]+)`, 'gi')];
    if (field !== 'state') patterns.push(new RegExp(String.raw`\\?"${name}\\?"\s*:\s*\\?"([^"\\]+)`, 'g'));
    for (const { name: where, text } of haystacks) {
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const value = match[1] ?? '';
          if (!redactedForms.some((form) => value.startsWith(form))) leaks.push(`${field} in ${where}: ${match[0].slice(0, 60)}`);
        }
      }
    }
  }
  return leaks;
}
