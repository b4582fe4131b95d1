/** The six modules, their path prefixes (spec §1) and the spec section listing their changes (spec §4). */
import type { CatalogModule, SpecSection } from './types.ts';

export const modulePrefixes = {
  job: '/dse/rest',
  planning: '/maps/rest/api',
  media: '/rest/mp',
  review: '/rm/rest',
  templateBuilder: '/wp/rest',
  shop: '/shop/api/rest',
} as const satisfies Record<CatalogModule, string>;

export const moduleSections = {
  job: '§4.2',
  planning: '§4.3',
  media: '§4.4',
  review: '§4.5',
  templateBuilder: '§4.6',
  shop: '§4.7',
} as const satisfies Record<CatalogModule, SpecSection>;

/** The kebab form used in entry ids: `templateBuilder` → `template-builder`. */
export function moduleIdPrefix(module: CatalogModule): string {
  return module.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
