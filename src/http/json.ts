/**
 * Narrowing helpers for JSON read off a target or a pact file: no casts, no
 * `any`. One copy for the discoveries, the suites and the contracts.
 */
import type { HttpResponse } from './client.ts';

export type JsonRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Member `name` of a JSON object; anything else has none. */
export function member(value: unknown, name: string): unknown {
  return isRecord(value) ? value[name] : undefined;
}

/** The elements of an array; anything else has none. */
export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An id as the platform writes it, kept as it is: a whole number or a non-empty string. */
export function idOf(value: unknown): string | number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return text(value);
}

/** The objects of an array (a listing's items); anything else is no items. */
export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** An id as the platform writes it (a number or a non-empty string), as text. */
export function identifier(value: unknown): string | undefined {
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : undefined;
}

/** The body of a 2xx answer; a listing that answers otherwise is a discovery failure, reported as the skip reason. */
export function listing(response: HttpResponse, what: string): unknown {
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}`);
  return response.json();
}
