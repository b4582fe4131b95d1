/**
 * The catalog against the spec (STYLE.md: "a test checks the catalog against
 * the spec file, so a missed row is caught"). The rows come from a copy of the
 * spec's §4.2–§4.7 tables; when the spec itself is at hand, the copy must
 * still equal it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { specFile } from '../support/shared-documents.ts';
import { catalog, moduleSections, type CatalogEntry, type CatalogModule, type SpecSection } from '../../src/catalog/index.ts';
import {
  classifyChange,
  extractEndpointTables,
  parseEndpointRows,
  type EndpointSection,
  type SpecRow,
} from '../support/spec-tables.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const fixturePath = `${repoRoot}test/fixtures/spec-endpoint-tables.md`;

const fixtureTables = extractEndpointTables(readFileSync(fixturePath, 'utf8'));
const rows = parseEndpointRows(fixtureTables);

const sectionModules: Record<EndpointSection, CatalogModule> = {
  '4.2': 'job',
  '4.3': 'planning',
  '4.4': 'media',
  '4.5': 'review',
  '4.6': 'templateBuilder',
  '4.7': 'shop',
};

function toSpecSection(section: EndpointSection): SpecSection {
  return `§${section}`;
}

/** Module, section, method, path and change kinds: what makes a row and an entry the same change. */
function rowKey(row: SpecRow): string {
  const { change, also } = classifyChange(row.changeText);
  return key(sectionModules[row.section], toSpecSection(row.section), row.method, row.path, change, also);
}

function entryKey(entry: CatalogEntry): string {
  return key(entry.module, entry.specSection, entry.method, entry.path, entry.change, entry.alsoChanges ?? []);
}

function key(module: string, section: string, method: string, path: string, change: string, also: readonly string[]): string {
  return [module, section, method, path, [change, ...[...also].sort()].join('+')].join(' ');
}

describe('the spec endpoint tables (fixture copy)', () => {
  it('holds one table per section §4.2–§4.7', () => {
    expect(fixtureTables.map((table) => table.section)).toEqual(['4.2', '4.3', '4.4', '4.5', '4.6', '4.7']);
  });

  it('classifies every row into a change kind', () => {
    for (const row of rows) expect(() => classifyChange(row.changeText), row.line).not.toThrow();
  });

  // Without the spec next to the repository this test is skipped (test/support/shared-documents.ts).
  it.runIf(inject('sharedDocuments'))('still equals the tables of the spec (../shared/spec)', () => {
    const specTables = extractEndpointTables(readFileSync(specFile, 'utf8'));
    expect(fixtureTables, 'test/fixtures/spec-endpoint-tables.md is stale: copy the tables again').toEqual(specTables);
  });
});

describe('catalog ↔ spec rows', () => {
  const entryKeys = catalog.map(entryKey);
  const rowKeys = rows.map(rowKey);

  it('has one entry per row and one row per entry', () => {
    expect(catalog).toHaveLength(rows.length);
  });

  for (const row of rows) {
    it(`§${row.section} ${row.method} ${row.path} has a catalog entry`, () => {
      const matches = entryKeys.filter((entryKeyValue) => entryKeyValue === rowKey(row));
      expect(matches, `no catalog entry for spec row: ${row.line}`).toHaveLength(1);
    });
  }

  for (const entry of catalog) {
    it(`${entry.id} has a spec row`, () => {
      const matches = rowKeys.filter((rowKeyValue) => rowKeyValue === entryKey(entry));
      expect(matches, `no spec row for catalog entry ${entry.id} (${entryKey(entry)})`).toHaveLength(1);
    });
  }

  it('files each entry under its module’s section', () => {
    for (const entry of catalog) expect(entry.specSection, entry.id).toBe(moduleSections[entry.module]);
  });
});
