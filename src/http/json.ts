/**
 * Narrowing helpers for JSON read off a target: no casts, no `any`. One
 * copy for the discoveries, the suites and the contracts.
 */
import type { HttpResponse } from './client.ts';

export type JsonRecord = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
