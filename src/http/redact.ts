/**
 * Redaction happens at the HTTP layer, before an exchange reaches a log, a
 * console or an Allure attachment (DESIGN.md "Rules"). Two nets:
 * - by name: headers, query parameters, form fields and JSON members whose
 *   names carry secrets in OAuth 2.0 (RFC 6749 §4.1.2, §5.1, §6), and the
 *   `state` of a URL (a per-request anti-CSRF value, RFC 6749 §10.12);
 * - by value: every secret the run knows (client secret, passwords, every
 *   token and code seen) is replaced wherever it appears.
 * A redirect's `Location` keeps only the query values OAuth defines as
 * public (client, redirect URI, scope, error); every other one is a handle
 * of the login flow (a pending authorization request, a login ticket) that
 * the next request carries before the page that holds it could be read, so
 * it is redacted there and registered by value (docs/secrets.md).
 */
export const REDACTED = '[REDACTED]';

const secretHeaderNames = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key']);
/** Headers whose value is a URL: their query parameters get the by-name net. */
const urlHeaderNames = new Set(['location', 'content-location']);
const secretFieldNames = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'client_secret',
  'password',
  'token',
  'pact_broker_token',
  'session',
  // Keycloak's session handle, in the redirect back and in its token responses.
  'session_state',
  // A request signature (a signed URL's `sig`): it replays the request it signs.
  'sig',
]);

/**
 * Query parameters of a URL whose values are not credentials but are not
 * shown either: `state` binds one authorization request to one user agent
 * (RFC 6749 §10.12); a value seen in a report could be replayed against it.
 * Only URLs get this net: a JSON member named `state` is ordinary data.
 */
const secretQueryNames = new Set(['state']);

/**
 * Query parameters of a redirect's Location that OAuth 2.0 defines as
 * public values of the request or of its error response (RFC 6749 §4.1.1,
 * §4.1.2.1; RFC 9207 `iss`; OAuth 2.0 Multiple Response Types `response_mode`);
 * every other value there is redacted.
 */
const publicRedirectQueryNames = new Set(['client_id', 'redirect_uri', 'response_type', 'response_mode', 'scope', 'error', 'error_description', 'error_uri', 'iss']);

/** A redirect's query value this long is an opaque handle, registered by value for the request that follows it. */
const MIN_REGISTERED_HANDLE = 16;

/**
 * Known secret values of one run target (or one command): created by the
 * process root that owns the target and handed to every client, store and
 * log of it, so a token seen once is hidden everywhere after.
 */
export class SecretRegistry {
  /**
   * Each secret as written and URL-encoded, encoded once when it is added: every header, URL and body of a run is
   * scrubbed against all of them, and the kill matrix's setup knows hundreds: encoding them on every scrub would cost
   * more than the scrubbing.
   */
  readonly #forms = new Set<string>();
  /** Header names whose values are secrets besides the OAuth ones (EXTRA_HEADERS), lower case. */
  readonly #headerNames = new Set<string>();

  add(value: string | undefined): void {
    // Very short values would redact ordinary words; OAuth secrets are long.
    if (!value || value.length < 6) return;
    this.#forms.add(value);
    this.#forms.add(encodeURIComponent(value));
  }

  /** A header whose value is a secret (EXTRA_HEADERS): redacted by name wherever it is logged, and its value everywhere. */
  addHeader(name: string, value: string): void {
    this.#headerNames.add(name.toLowerCase());
    this.add(value);
  }

  isSecretHeader(lowerCaseName: string): boolean {
    return secretHeaderNames.has(lowerCaseName) || this.#headerNames.has(lowerCaseName);
  }

  /** The value net, and the by-name net for URLs inside free text (a redirect page's "Redirecting to …?code=…", an error message). */
  scrub(text: string): string {
    let out = redactQueryValuesInText(text);
    for (const form of this.#forms) {
      if (out.includes(form)) out = out.split(form).join(REDACTED);
    }
    return out;
  }
}

/** `?code=…` / `&access_token=…` (also HTML-escaped `&amp;`) anywhere in text: the value goes, the name stays. */
// A backquote ends the value too: URLs never carry one unencoded, and Markdown code spans close with it.
const queryValueInText = /([?&#;]|&amp;)([A-Za-z][A-Za-z0-9_-]*)=([^&\s"'<>#`]+)/g;

/** A value the URL net already replaced, as written or URL-encoded: left as it is. */
const alreadyRedacted = new Set([REDACTED, encodeURIComponent(REDACTED)]);

function redactQueryValuesInText(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(queryValueInText, (match, separator: string, name: string, value: string) =>
    isSecretQueryName(name) && !alreadyRedacted.has(value) ? `${separator}${name}=${REDACTED}` : match,
  );
}

function isSecretQueryName(name: string): boolean {
  return isSecretFieldName(name) || secretQueryNames.has(name.toLowerCase());
}

/**
 * Hidden inputs of an HTML page (a login form's CSRF token, a consent
 * screen's session handle) are session secrets: their values go, before the
 * login driver could register them by value.
 */
function redactHiddenInputs(html: string): string {
  return html.replace(/<input\b[^>]*>/gi, (tag) =>
    /\btype\s*=\s*["']?hidden\b/i.test(tag) ? tag.replace(/(\bvalue\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)/i, `$1"${REDACTED}"`) : tag,
  );
}

export function isSecretFieldName(name: string): boolean {
  // An API key or a signature in a recorded call (a HAR's `api_key=`, `X-Amz-Signature`) replays as well as a token.
  return secretFieldNames.has(name.toLowerCase()) || /password|secret|api[-_]?key|access[-_]?key|signature|credential/i.test(name);
}

export function redactHeaders(headers: Record<string, string | string[] | undefined>, secrets: SecretRegistry): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(', ') : value;
    const lower = name.toLowerCase();
    if (secrets.isSecretHeader(lower)) out[name] = redactHeaderValue(name, joined);
    // A redirect to the redirect URI carries the authorization code (RFC 6749 §4.1.2) before anyone could register it,
    // and a redirect into the login challenge the handle its page then holds in a hidden field.
    else if (urlHeaderNames.has(lower)) out[name] = redactUrlReference(joined, secrets, lower === 'location');
    else out[name] = secrets.scrub(joined);
  }
  return out;
}

function redactHeaderValue(name: string, value: string): string {
  // Keep the scheme of an Authorization header: "Bearer [REDACTED]" still tells the reader what was sent.
  if (name.toLowerCase() === 'authorization') {
    const scheme = value.split(' ')[0];
    return scheme && scheme !== value ? `${scheme} ${REDACTED}` : REDACTED;
  }
  return REDACTED;
}

export function redactUrl(url: string, secrets: SecretRegistry): string {
  return redactUrlQuery(url, secrets, false);
}

/** `redirect`: a Location; its query keeps only the public OAuth values, and registers the opaque handles it hides. */
function redactUrlQuery(url: string, secrets: SecretRegistry, redirect: boolean): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return secrets.scrub(url);
  }
  for (const [name, value] of [...parsed.searchParams.entries()]) {
    if (isSecretQueryName(name)) parsed.searchParams.set(name, REDACTED);
    else if (redirect && !publicRedirectQueryNames.has(name.toLowerCase())) {
      if (value.length >= MIN_REGISTERED_HANDLE) secrets.add(value);
      parsed.searchParams.set(name, REDACTED);
    }
  }
  return secrets.scrub(parsed.toString());
}

/** Like redactUrl, for a header value that may also be a relative reference (`Location: /cb?code=…`). */
function redactUrlReference(value: string, secrets: SecretRegistry, redirect: boolean): string {
  if (URL.canParse(value)) return redactUrlQuery(value, secrets, redirect);
  const placeholder = 'http://relative.invalid';
  if (!URL.canParse(value, placeholder)) return secrets.scrub(value);
  const redacted = new URL(redactUrlQuery(new URL(value, placeholder).toString(), secrets, redirect));
  return secrets.scrub(`${redacted.pathname}${redacted.search}${redacted.hash}`);
}

export function redactForm(body: string, secrets: SecretRegistry): string {
  const params = new URLSearchParams(body);
  for (const name of [...params.keys()]) {
    if (isSecretFieldName(name)) params.set(name, REDACTED);
  }
  return secrets.scrub(params.toString());
}

export function redactJson(value: unknown, secrets: SecretRegistry): unknown {
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value)) {
      out[name] = isSecretFieldName(name) && member !== null && member !== undefined ? REDACTED : redactJson(member, secrets);
    }
    return out;
  }
  return typeof value === 'string' ? secrets.scrub(value) : value;
}

/** Redact a body by its content type; unknown types get the value net only. */
export function redactBody(body: string, contentType: string | undefined, secrets: SecretRegistry): string {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) return redactForm(body, secrets);
  if (type.includes('json')) {
    try {
      return JSON.stringify(redactJson(JSON.parse(body), secrets), null, 2);
    } catch {
      return secrets.scrub(body);
    }
  }
  if (type.includes('html')) return secrets.scrub(redactHiddenInputs(body));
  return secrets.scrub(body);
}
