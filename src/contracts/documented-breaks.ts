/**
 * Which changes between two versions the catalog documents for one
 * interaction, derived from the catalog (never a hand list):
 * - `removed`: the endpoint's change kind is `removed` (spec §4.2–§4.6);
 * - `breaking`: the change kind is `breaking` (spec §4.3, §4.7);
 * - `body-type`: the response schemas of the two versions have different
 *   root types (object → array for the themes, spec §4.4);
 * - `identifier`: the old version's response schema holds an identifier
 *   that the new version deprecates in favour of a UUID (spec §2
 *   "Identifier pair", §9.3: the catalog's `identifier-to-uuid` field changes).
 *
 * The first three must break an old client (`break`); an identifier may
 * (`may-break`): a target that still serves the deprecated id keeps old
 * clients working, and spec §9.3 allows both. What the identifier pair
 * documents is that the deprecated id may be gone: it explains a mismatch
 * that finds the id missing, never one that finds it of another type (spec
 * §2 still types `id` as an integer, so `"77401"` is an undocumented break).
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { findCatalogEntry, type CatalogEntry } from '../catalog/index.ts';
import { fieldChanges, type FieldChange } from '../catalog/fields.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { schemasDir } from '../schemas/validator.ts';
import { arrayOf, isRecord, member, text } from '../http/json.ts';
import type { Mismatch } from './verification-report.ts';

export type DocumentedChangeKind = 'removed' | 'breaking' | 'body-type' | 'identifier';

export interface DocumentedChange {
  readonly kind: DocumentedChangeKind;
  readonly expected: 'break' | 'may-break';
  /** One line for the report, with the spec section. */
  readonly summary: string;
  /** Whether a mismatch of the verifier is this change showing. */
  explains(mismatch: Mismatch): boolean;
}

export interface InteractionChanges {
  readonly entry?: CatalogEntry;
  /** `METHOD template` of the endpoint, or the request as sent when the catalog does not know it. */
  readonly endpoint: string;
  readonly changes: readonly DocumentedChange[];
}

export function documentedChanges(method: string, path: string, from: PlatformVersion, to: PlatformVersion): InteractionChanges {
  const match = findCatalogEntry(method, path);
  if (!match) return { endpoint: `${method} ${path}`, changes: [] };
  const { entry } = match;
  const endpoint = match.replacement && entry.replacement ? `${entry.replacement.method} ${entry.replacement.path}` : `${entry.method} ${entry.path}`;
  const changes: DocumentedChange[] = [];
  const anything = (): boolean => true;
  if (entry.change === 'removed' && !match.replacement) {
    changes.push({ kind: 'removed', expected: 'break', summary: `removed in ${to} (spec ${entry.specSection})`, explains: anything });
  }
  const fromSchema = entry.schemas?.response?.[from];
  const toSchema = entry.schemas?.response?.[to];
  const fromType = fromSchema === undefined ? undefined : rootType(fromSchema);
  const toType = toSchema === undefined ? undefined : rootType(toSchema);
  const bodyType = fromType !== undefined && toType !== undefined && fromType !== toType ? `response body ${fromType} → ${toType}` : undefined;
  if (entry.change === 'breaking') {
    changes.push({ kind: 'breaking', expected: 'break', summary: `breaking change${bodyType ? `: ${bodyType}` : ''} (spec ${entry.specSection})`, explains: anything });
  } else if (bodyType) {
    changes.push({ kind: 'body-type', expected: 'break', summary: `${bodyType} (spec ${entry.specSection})`, explains: anything });
  }
  for (const change of identifierChanges(entry, fromSchema, from, to)) {
    const field = lastSegment(change.field);
    changes.push({
      kind: 'identifier',
      expected: 'may-break',
      summary: `${change.dto}: ${change.field} deprecated for ${change.replacedBy ?? 'uuid'} (spec §2, §9.3)`,
      explains: (mismatch) => identifierMissing(mismatch, field),
    });
  }
  return { entry, endpoint, changes };
}

/** Identifier changes whose old schema the entry's old response schema uses; the generic identifier pair applies module-wide (spec §4.4: "several endpoints"). */
function identifierChanges(entry: CatalogEntry, fromSchema: string | undefined, from: PlatformVersion, to: PlatformVersion): FieldChange[] {
  const used = fromSchema === undefined ? new Set<string>() : schemaClosure(fromSchema);
  return fieldChanges.filter((change) => {
    if (change.kind !== 'identifier-to-uuid' || change.required[from] !== true || change.required[to] === true) return false;
    const schema = change.schemas[from];
    if (schema === undefined) return false;
    return used.has(schema) || (schema.endsWith('/identifier-pair') && change.module === entry.module);
  });
}

/**
 * The mismatch says the identifier is missing: at its own path (`$.items[0].id`: "… but was missing"), or at its
 * parent's, naming it among the missing keys ("Actual map is missing the following keys: id").
 */
function identifierMissing(mismatch: Mismatch, field: string): boolean {
  if (!/\bmissing\b/i.test(mismatch.text)) return false;
  if (mismatch.path !== undefined && lastSegment(mismatch.path) === field) return true;
  const keys = /missing the following keys?:\s*(.*)$/i.exec(mismatch.text)?.[1];
  return keys !== undefined && keys.split(/[\s,]+/).map((key) => key.replace(/^['"]|['"]$/g, '')).includes(field);
}

/** `assignees[].id` → `id`; `$.items[0].assignment.assignees[1].id` → `id`. */
function lastSegment(path: string): string {
  return path.replace(/\[[^\]]*\]/g, '').split('.').at(-1) ?? path;
}

function readSchema(id: string): unknown {
  try {
    return JSON.parse(readFileSync(`${schemasDir}${id}.json`, 'utf8'));
  } catch {
    return undefined;
  }
}

function rootType(id: string): string | undefined {
  return text(member(readSchema(id), 'type'));
}

/** The schema and every schema it references through `$ref`, as ids (`7.4/user`). */
function schemaClosure(id: string, seen: Set<string> = new Set()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const ref of references(readSchema(id))) {
    const target = posix.normalize(posix.join(posix.dirname(id), ref.replace(/#.*$/, ''))).replace(/\.json$/, '');
    if (target !== '' && target !== '.') schemaClosure(target, seen);
  }
  return seen;
}

function references(value: unknown): string[] {
  if (Array.isArray(value)) return arrayOf(value).flatMap(references);
  if (!isRecord(value)) return [];
  const own = typeof value.$ref === 'string' && !value.$ref.startsWith('#') ? [value.$ref] : [];
  return [...own, ...Object.values(value).flatMap(references)];
}
