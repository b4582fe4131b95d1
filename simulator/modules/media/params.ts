/** Parsing of the media module's path and query parameters. */

const nonNegativeInteger = /^\d{1,9}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A non-negative int32 path segment, as the vendor's `(Integer, Non-negative)` ids; undefined when malformed. */
export function parseId(value: string | undefined): number | undefined {
  return value !== undefined && nonNegativeInteger.test(value) ? Number(value) : undefined;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

export type BooleanParam = { readonly ok: true; readonly value: boolean } | { readonly ok: false };

/** A boolean query parameter; absent means the documented default, anything but true/false is refused. */
export function readBoolean(query: URLSearchParams, name: string, fallback: boolean): BooleanParam {
  const raw = query.get(name);
  if (raw === null) return { ok: true, value: fallback };
  const lowered = raw.toLowerCase();
  if (lowered === 'true') return { ok: true, value: true };
  if (lowered === 'false') return { ok: true, value: false };
  return { ok: false };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Properties of a request body the DTO does not declare (the platform's JSON binding refuses them). */
export function unknownProperties(body: Readonly<Record<string, unknown>>, known: readonly string[]): string[] {
  return Object.keys(body).filter((key) => !known.includes(key));
}
