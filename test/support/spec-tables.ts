/**
 * Reads the endpoint tables of spec §4.2–§4.7 out of Markdown: the spec
 * itself, or the copy in test/fixtures/spec-endpoint-tables.md. Table rows
 * are split on `|`, which is safe here: no cell of these tables holds a pipe.
 */
import type { ChangeKind } from '../../src/catalog/types.ts';

export const endpointSections = ['4.2', '4.3', '4.4', '4.5', '4.6', '4.7'] as const;
export type EndpointSection = (typeof endpointSections)[number];

export interface SpecTable {
  readonly section: EndpointSection;
  readonly heading: string;
  /** The table's Markdown lines, header and separator included. */
  readonly lines: readonly string[];
}

export interface SpecRow {
  readonly section: EndpointSection;
  readonly method: string;
  /** The row's path with the section's prefix applied (§4.3 gives relative paths). */
  readonly path: string;
  readonly changeText: string;
  readonly line: string;
}

function isEndpointSection(value: string): value is EndpointSection {
  return (endpointSections as readonly string[]).includes(value);
}

/** The tables under the `### 4.2` … `### 4.7` headings, in document order. */
export function extractEndpointTables(markdown: string): SpecTable[] {
  const tables: { section: EndpointSection; heading: string; lines: string[] }[] = [];
  let current: (typeof tables)[number] | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^#{1,6} (\d+(?:\.\d+)*)\b/.exec(line);
    if (heading) {
      const section = heading[1] ?? '';
      current = isEndpointSection(section) ? { section, heading: line.trim(), lines: [] } : undefined;
      if (current) tables.push(current);
      continue;
    }
    if (current && line.trimStart().startsWith('|')) current.lines.push(line.trim());
  }
  return tables;
}

export function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Data rows of the tables: header and separator rows dropped. */
export function parseEndpointRows(tables: readonly SpecTable[]): SpecRow[] {
  const rows: SpecRow[] = [];
  for (const table of tables) {
    const prefix = /prefix `([^`]+)`/.exec(table.heading)?.[1];
    const [header, separator, ...body] = table.lines;
    if (header === undefined || separator === undefined) throw new Error(`§${table.section} has no table`);
    const columns = splitRow(header).map((cell) => cell.toLowerCase());
    const methodColumn = columns.indexOf('method');
    const pathColumn = columns.indexOf('path');
    const changeColumn = columns.indexOf('change');
    for (const line of body) {
      const cells = splitRow(line);
      const method = cells[methodColumn] ?? '';
      const rawPath = (cells[pathColumn] ?? '').replaceAll('`', '');
      const path = prefix !== undefined && !rawPath.startsWith(prefix) ? `${prefix}${rawPath}` : rawPath;
      rows.push({ section: table.section, method, path, changeText: cells[changeColumn] ?? '', line });
    }
  }
  return rows;
}

export interface ClassifiedChange {
  readonly change: ChangeKind;
  readonly also: readonly ChangeKind[];
}

/**
 * How the Change column's wording maps to change kinds, first match wins.
 * An unknown wording throws, so a new kind of row fails the test loudly.
 */
const changeRules: readonly { readonly pattern: RegExp; readonly change: ChangeKind; readonly also?: readonly ChangeKind[] }[] = [
  { pattern: /^removed\/deprecated\b/, change: 'removed', also: ['deprecated'] },
  { pattern: /^deprecated and changed\b/, change: 'deprecated', also: ['changed'] },
  { pattern: /^breaking change\b/, change: 'breaking' },
  // §4.7: a body type swap, which §4.3 calls a breaking change.
  { pattern: /^response body type changed\b/, change: 'breaking' },
  { pattern: /^removed\b/, change: 'removed' },
  { pattern: /^added\b/, change: 'added' },
  { pattern: /^deprecated\b/, change: 'deprecated' },
  { pattern: /^changed\b/, change: 'changed' },
  { pattern: /^documented\b/, change: 'documented' },
  // §4.5: "required security role changed from … to …".
  { pattern: /^required security role changed\b/, change: 'changed' },
];

export function classifyChange(text: string): ClassifiedChange {
  const normalized = text.trim().toLowerCase();
  for (const rule of changeRules) {
    if (rule.pattern.test(normalized)) return { change: rule.change, also: rule.also ?? [] };
  }
  throw new Error(`unknown change wording in the spec: "${text}"`);
}
