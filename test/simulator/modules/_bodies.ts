/** Body helpers of the module conformance tests: a response's body as an object or an array of objects, or a failure saying what came. */
import type { HarnessResponse } from './_harness.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectBody(response: HarnessResponse): Record<string, unknown> {
  if (!isRecord(response.body)) throw new Error(`Expected an object body, got ${JSON.stringify(response.body)}`);
  return response.body;
}

export function arrayBody(response: HarnessResponse): Record<string, unknown>[] {
  const body = response.body;
  if (!Array.isArray(body) || !body.every(isRecord)) throw new Error(`Expected an array of objects, got ${JSON.stringify(body)}`);
  return body;
}
