/** Narrowing helpers for JSON read off a target or a pact file: no casts, no `any`. */
import { isRecord } from '../http/json.ts';

export { isRecord, type JsonRecord } from '../http/json.ts';

export function member(value: unknown, name: string): unknown {
  return isRecord(value) ? value[name] : undefined;
}

export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An id as the platform writes it: a whole number or a non-empty string. */
export function idOf(value: unknown): string | number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return text(value);
}
