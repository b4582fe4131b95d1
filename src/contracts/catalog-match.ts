/**
 * Finds the catalog entry a concrete request hits: same method, and a path
 * that fits the entry's template (`{param}` standing for one segment), or
 * the template of the endpoint that replaces it (spec §9.4).
 */
import { catalog, type CatalogEntry } from '../catalog/index.ts';

export interface CatalogMatch {
  readonly entry: CatalogEntry;
  /** The request hit the entry's replacement, not the entry. */
  readonly replacement: boolean;
}

export function findCatalogEntry(method: string, path: string): CatalogMatch | undefined {
  const upper = method.toUpperCase();
  const bare = path.split('?')[0] ?? path;
  for (const entry of catalog) {
    if (entry.method === upper && templatePattern(entry.path).test(bare)) return { entry, replacement: false };
  }
  for (const entry of catalog) {
    const replacement = entry.replacement;
    if (replacement && replacement.method === upper && templatePattern(replacement.path).test(bare)) return { entry, replacement: true };
  }
  return undefined;
}

const patterns = new Map<string, RegExp>();

function templatePattern(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}
