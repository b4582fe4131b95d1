/**
 * Deprecation and Sunset signals in a response:
 * - `Deprecation` (RFC 9745 §2.1): a Structured Field Item of type Date
 *   (RFC 9651 §3.3.7), `@1688169599`, the moment the resource is (or will be)
 *   deprecated;
 * - `Sunset` (RFC 8594 §3): an HTTP-date (RFC 9110 §5.6.7), when the resource
 *   is expected to stop answering;
 * - `Link` with `rel="deprecation"` (RFC 9745 §3) or `rel="sunset"` (RFC 8594
 *   §6): where the deprecation or the sunset policy is explained.
 * The spec obliges none of them (it shows no removal dates, §9 closing note):
 * what a target sends is an observation, never a failure. A value that breaks
 * its RFC's syntax is reported as malformed, with the value; `Deprecation: true`,
 * the form of the drafts before RFC 9745 that many servers still send, is
 * recognised as that legacy form (deprecated, no date), not called malformed.
 * Parsed with `structured-headers` (RFC 9651) and `http-link-header` (RFC 8288).
 */
import { lazyDependency } from '../lazy-dependency.ts';

/** Loaded with the first response that carries one of these headers (src/lazy-dependency.ts). */
const structuredHeaders = lazyDependency<typeof import('structured-headers')>('structured-headers');
const linkHeader = lazyDependency<typeof import('http-link-header')>('http-link-header');

export interface HeaderReading {
  /** The value as sent (response headers are not secrets; the exchange log has already redacted the URL). */
  readonly value: string;
  /** The date it names, ISO 8601, when it is well formed. */
  readonly date?: string;
  /** Why the value breaks its RFC, when it does. */
  readonly malformed?: string;
  /** The older form the value takes instead of its RFC's, when it is one (`Deprecation: true`). */
  readonly legacy?: string;
}

export interface SignalLink {
  readonly rel: 'deprecation' | 'sunset';
  readonly uri: string;
}

/** The signals of one response; only responses that carry at least one are kept. */
export interface DeprecationSignal {
  readonly method: string;
  /** The request's path, without the query. */
  readonly path: string;
  readonly status: number;
  readonly deprecation?: HeaderReading;
  readonly sunset?: HeaderReading;
  readonly links: readonly SignalLink[];
  /** A Link header that could not be read (RFC 8288). */
  readonly linkMalformed?: HeaderReading;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export function deprecationSignal(method: string, url: string, status: number, headers: Headers): DeprecationSignal | undefined {
  const deprecationValue = headerValue(headers, 'deprecation');
  const sunsetValue = headerValue(headers, 'sunset');
  const linkValue = headerValue(headers, 'link');
  const links = linkValue === undefined ? { links: [] } : readLinks(linkValue);
  if (deprecationValue === undefined && sunsetValue === undefined && links.links.length === 0 && links.malformed === undefined) return undefined;
  return {
    method,
    path: pathOf(url),
    status,
    ...(deprecationValue !== undefined && { deprecation: readDeprecation(deprecationValue) }),
    ...(sunsetValue !== undefined && { sunset: readSunset(sunsetValue) }),
    links: links.links,
    ...(links.malformed !== undefined && { linkMalformed: links.malformed }),
  };
}

/** One line for a report: `Deprecation @1688169599 (2023-06-30T23:59:59Z); Sunset …; Link rel="deprecation" <…>`. */
export function describeSignal(signal: DeprecationSignal): string {
  const parts: string[] = [];
  if (signal.deprecation) parts.push(describeReading('Deprecation', signal.deprecation));
  if (signal.sunset) parts.push(describeReading('Sunset', signal.sunset));
  for (const link of signal.links) parts.push(`Link rel="${link.rel}" <${link.uri}>`);
  if (signal.linkMalformed) parts.push(describeReading('Link', signal.linkMalformed));
  return parts.join('; ');
}

export function isMalformed(signal: DeprecationSignal): boolean {
  return signal.deprecation?.malformed !== undefined || signal.sunset?.malformed !== undefined || signal.linkMalformed !== undefined;
}

function describeReading(name: string, reading: HeaderReading): string {
  if (reading.malformed !== undefined) return `MALFORMED ${name}: ${JSON.stringify(reading.value)} (${reading.malformed})`;
  if (reading.legacy !== undefined) return `${name}: ${reading.value} (${reading.legacy})`;
  return `${name}: ${reading.value}${reading.date ? ` (${reading.date})` : ''}`;
}

/**
 * The drafts before RFC 9745 (draft-ietf-httpapi-deprecation-header up to -02)
 * let `Deprecation: true` say "deprecated" without a date; RFC 9745 §2.1 replaced
 * it with the Structured Field Date.
 */
const legacyBooleanForm = 'the boolean form of the drafts before RFC 9745: deprecated, without a date; RFC 9745 §2.1 sends @<seconds since the epoch>';

/** RFC 9745 §2.1: `Deprecation = sf-date`; the legacy `true` is recognised as such. */
function readDeprecation(value: string): HeaderReading {
  if (value.trim() === 'true') return { value, legacy: legacyBooleanForm };
  // Loaded outside the try: a parser that cannot load is a defect, never a malformed header.
  const { parseItem } = structuredHeaders();
  try {
    const [item] = parseItem(value);
    if (item instanceof Date) return { value, date: item.toISOString() };
  } catch {
    // Falls through to the malformed reading below.
  }
  return { value, malformed: 'RFC 9745 §2.1 wants a Structured Field Date, @<seconds since the epoch>' };
}

const imfFixdate = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/** RFC 8594 §3: `Sunset = HTTP-date`; senders generate the IMF-fixdate form (RFC 9110 §5.6.7). */
function readSunset(value: string): HeaderReading {
  const match = imfFixdate.exec(value.trim());
  const parsed = match ? new Date(Date.parse(value)) : undefined;
  // A real day only: Date.parse rolls "31 Feb" over, and the weekday must be the date's own.
  if (parsed && !Number.isNaN(parsed.getTime()) && parsed.toUTCString() === value.trim()) return { value, date: parsed.toISOString() };
  return { value, malformed: 'RFC 8594 §3 wants an HTTP-date, e.g. "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110 §5.6.7)' };
}

function readLinks(value: string): { links: SignalLink[]; malformed?: HeaderReading } {
  const parser = linkHeader();
  try {
    const parsed = parser.parse(value);
    const links: SignalLink[] = [];
    for (const rel of ['deprecation', 'sunset'] as const) {
      for (const reference of parsed.rel(rel)) links.push({ rel, uri: reference.uri });
    }
    return { links };
  } catch {
    // Only a Link header that speaks of deprecation or sunset is this report's business.
    if (!/deprecation|sunset/i.test(value)) return { links: [] };
    return { links: [], malformed: { value, malformed: 'RFC 8288 §3 wants <URI-reference> and parameters' } };
  }
}

function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}
