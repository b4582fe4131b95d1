/**
 * Where the spec and the vendor's documents disagree, the spec rules
 * (DESIGN.md "Two references nobody here wrote"). Each row is one such
 * place: a violation it covers is reported as an observation, never as a
 * failure. The migration report prints this table.
 *
 * To add a row: module, method and path as the vendor document writes them
 * (`{version}` and all), the versions it holds for, the side, the JSON
 * pointer the conformance check reports (`/query/<name>`, `/path/<name>`,
 * `/body/…`, `/status`; `*` stands for one segment, such as an array index;
 * deeper pointers are covered too), the spec section that rules, the vendor
 * document, and why.
 */
import type { CatalogModule, HttpMethod } from '../catalog/types.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { ExchangeSide, Violation } from './violation.ts';

export interface Departure {
  readonly module: CatalogModule;
  readonly method: HttpMethod;
  readonly path: string;
  readonly versions: readonly PlatformVersion[];
  readonly side: ExchangeSide;
  readonly pointer: string;
  readonly spec: string;
  readonly document: string;
  readonly why: string;
}

export const departures: readonly Departure[] = [
];

export interface DepartureContext {
  readonly module: CatalogModule;
  readonly version: PlatformVersion;
  readonly method: string;
  /** The path template of the vendor document's operation. */
  readonly path: string;
}

/** The row that covers a violation, if one does. */
export function coveringDeparture(violation: Violation, context: DepartureContext, table: readonly Departure[] = departures): Departure | undefined {
  return table.find(
    (row) =>
      row.module === context.module &&
      row.method === context.method &&
      row.path === context.path &&
      row.versions.includes(context.version) &&
      row.side === violation.side &&
      pointerCovers(row.pointer, violation.pointer),
  );
}

/** `/body/*\/id` covers `/body/3/id` and `/body/3/id/x`; `*` is one segment. */
export function pointerCovers(pattern: string, pointer: string): boolean {
  const want = pattern.split('/');
  const got = pointer.split('/');
  if (got.length < want.length) return false;
  return want.every((segment, index) => segment === '*' || segment === got[index]);
}
