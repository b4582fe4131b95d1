/**
 * A schema named in words a reader of the reports understands: its file's
 * `title` without the endpoint and version it repeats (`Asset (GET …), 8.0`
 * → `the 8.0 “Asset” schema`), instead of the id the checks use
 * (`8.0/asset`). Read from the schema files, so a new schema is named as it
 * titles itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSchemaId, schemaIds, type SchemaId } from './ids.ts';
import { schemasDir } from './validator.ts';

const words = new Map<SchemaId, string>();

/** `the 8.0 “Asset” schema`, `the “Job search response” schema` (one shape for both versions). */
export function schemaInWords(id: SchemaId): string {
  let said = words.get(id);
  if (said === undefined) {
    const [folder] = id.split('/');
    const name = plainTitle(id);
    said = folder === 'common' ? `the “${name}” schema` : `the ${folder} “${name}” schema`;
    words.set(id, said);
  }
  return said;
}

/** The title's name alone: the parenthesised endpoint or DTO and the trailing version go. */
function plainTitle(id: SchemaId): string {
  let title: unknown;
  try {
    title = (JSON.parse(readFileSync(join(schemasDir, `${id}.json`), 'utf8')) as { title?: unknown }).title;
  } catch {
    title = undefined;
  }
  if (typeof title !== 'string' || title.trim() === '') return id.split('/')[1] ?? id;
  return title.replace(/,\s*(7\.4|8\.0)\s*$/, '').replace(/\s*\([^)]*\)/g, '').trim();
}

/** Every schema id written in `text` (`body against 8.0/asset:`, `200 (8.0/asset)`), said in words. */
export function schemaIdsInWords(text: string): string {
  return text.replace(schemaIdPattern, (id) => (isSchemaId(id) ? schemaInWords(id) : id));
}

/** A whole schema id, not part of a path or a longer word. */
const schemaIdPattern = new RegExp(
  `(?<![\\w/.-])(?:${[...schemaIds].sort((a, b) => b.length - a.length).map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`,
  'g',
);
