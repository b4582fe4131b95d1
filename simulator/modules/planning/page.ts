/**
 * The MaPS page envelope (vendor PageDTO): the items plus offset, limit,
 * pageNumber, numberOfElements and totalElements. Pages default to 100 items.
 */
import type { SimRequest } from '../../http/router.ts';
import { readPageWindow, slicePage, type PageWindowResult } from '../../fixtures/paging.ts';

export interface MapsPage<T> {
  readonly content: readonly T[];
  readonly offset: number;
  readonly limit: number;
  readonly pageNumber: number;
  readonly numberOfElements: number;
  readonly totalElements: number;
  readonly totalPages: number;
}

export function readMapsWindow(request: SimRequest): PageWindowResult {
  return readPageWindow(request.query, { defaultLimit: 100, maxLimit: 1000 });
}

export function mapsPage<T>(items: readonly T[], window: { readonly offset: number; readonly limit: number }): MapsPage<T> {
  const content = slicePage(items, window);
  return {
    content,
    offset: window.offset,
    limit: window.limit,
    pageNumber: Math.floor(window.offset / window.limit),
    numberOfElements: content.length,
    totalElements: items.length,
    totalPages: Math.ceil(items.length / window.limit),
  };
}
