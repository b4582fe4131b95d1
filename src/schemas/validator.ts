/**
 * Validates response and request bodies against the JSON Schemas (draft
 * 2020-12) in `schemas/`. Every schema file is loaded and compiled once, on
 * first use, by one strict Ajv instance, so cross-file `$ref`s resolve and a
 * malformed schema fails loudly instead of passing everything.
 *
 * Failures come back as `{ pointer, expected, got }` triples: a JSON pointer
 * (RFC 6901) into the body, what the schema wanted there, and what was there.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ErrorObject, SchemaObject, ValidateFunction } from 'ajv/dist/2020.js';
import { lazyDependency } from '../lazy-dependency.ts';
import { UpgradeGuardError } from '../errors.ts';
import { isSchemaId, schemaIds, schemaUrl, type SchemaId } from './ids.ts';

export { schemaIds, schemaUrl, type SchemaId } from './ids.ts';

/** Absolute path of the `schemas/` folder. */
export const schemasDir = fileURLToPath(new URL('../../schemas/', import.meta.url));

export interface ValidationIssue {
  /** JSON pointer into the validated value; '' is the value itself. */
  readonly pointer: string;
  readonly expected: string;
  readonly got: string;
}

export type ValidationResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly errors: readonly ValidationIssue[] };

let registry: Ajv2020 | undefined;
const compiledById = new Map<SchemaId, ValidateFunction>();

/** Whether `id` names a schema file (and narrows it to SchemaId). */
export function hasSchema(id: string): id is SchemaId {
  return isSchemaId(id);
}

export function validateBody(schemaId: SchemaId, value: unknown): ValidationResult {
  const validate = validatorFor(schemaId);
  if (validate(value)) return { ok: true };
  return { ok: false, errors: toIssues(validate.errors ?? []) };
}

/** One readable line per issue: `/items/0/uuid: expected string in format uuid, got "1042"`. */
export function formatValidationErrors(issues: readonly ValidationIssue[]): string {
  return issues.map(formatIssue).join('\n');
}

export function formatIssue(issue: ValidationIssue): string {
  return `${issue.pointer === '' ? '(root)' : issue.pointer}: expected ${issue.expected}, got ${issue.got}`;
}

/** Compiles every schema now; throws INTERNAL naming the first bad file. */
export function loadValidators(): ReadonlyMap<SchemaId, ValidateFunction> {
  for (const id of schemaIds) validatorFor(id);
  return compiledById;
}

/**
 * One schema's validator, compiled on first use: a suite worker validates a
 * handful of bodies, and compiling all schemas up front costs more than the
 * checks themselves. Every file is registered, so `$ref`s resolve.
 */
function validatorFor(id: SchemaId): ValidateFunction {
  const known = compiledById.get(id);
  if (known) return known;
  registry ??= registerAll();
  try {
    const validate = registry.getSchema(schemaUrl(id));
    if (validate === undefined) fail(`schema ${id} did not register`);
    compiledById.set(id, validate);
    return validate;
  } catch (error) {
    if (error instanceof UpgradeGuardError) throw error;
    fail(`schema ${id} does not compile: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/** Ajv and its formats load with the first schema a process compiles, not with every suite worker's start. */
const ajv2020 = lazyDependency<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
const ajvFormats = lazyDependency<typeof import('ajv-formats')>('ajv-formats');

/**
 * The schema files are ours and fixed: `npm test` validates each against the 2020-12 meta-schema
 * (test/schemas/schemas.test.ts), so a suite worker neither compiles the meta-schema nor optimises the validators'
 * code, CPU every worker would spend at its start for a few bodies. Strict mode still refuses an unknown keyword.
 */
function registerAll(): Ajv2020 {
  const ajv = new (ajv2020().Ajv2020)({ strict: true, allErrors: true, verbose: true, validateSchema: false, code: { optimize: false } });
  ajvFormats().default(ajv, ['uuid', 'date-time', 'uri']);

  const fileIds = listSchemaFiles();
  for (const id of schemaIds) {
    if (!fileIds.includes(id)) fail(`schema ${id} is listed in src/schemas/ids.ts but schemas/${id}.json is missing`);
  }
  for (const id of fileIds) {
    if (!isSchemaId(id)) fail(`schemas/${id}.json is not listed in src/schemas/ids.ts`);
    ajv.addSchema(readSchema(id));
  }
  return ajv;
}

/** Schema ids of the files on disk: paths below schemas/ without `.json`. */
export function listSchemaFiles(): string[] {
  return readdirSync(schemasDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.split('\\').join('/').slice(0, -'.json'.length))
    .sort();
}

function readSchema(id: SchemaId): SchemaObject {
  const file = `${schemasDir}${id}.json`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`schemas/${id}.json is not readable JSON`, error);
  }
  if (!isSchemaObject(parsed)) fail(`schemas/${id}.json is not a JSON Schema object`);
  if (parsed.$id !== schemaUrl(id)) fail(`schemas/${id}.json must have "$id": "${schemaUrl(id)}"`);
  return parsed;
}

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string, cause?: unknown): never {
  throw new UpgradeGuardError('INTERNAL', message, { cause });
}

// ---------------------------------------------------------------- issues

function toIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    // A $ref and its sibling keywords can report the same fault twice.
    const issue = toIssue(error);
    const key = `${issue.pointer}\u0000${issue.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function toIssue(error: ErrorObject): ValidationIssue {
  const params: Record<string, unknown> = error.params;
  const pointer = error.instancePath;
  const got = describeValue(error.data);
  switch (error.keyword) {
    case 'required':
      return {
        pointer: `${pointer}/${escapePointerToken(String(params['missingProperty']))}`,
        expected: 'a value (required property)',
        got: 'nothing',
      };
    case 'type':
      return { pointer, expected: [params['type']].flat().map(String).join(' or '), got };
    case 'format':
      return { pointer, expected: `string in format ${String(params['format'])}`, got };
    case 'pattern':
      return { pointer, expected: `string matching /${String(params['pattern'])}/`, got };
    case 'enum': {
      const allowed = Array.isArray(params['allowedValues']) ? params['allowedValues'] : [];
      return { pointer, expected: `one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`, got };
    }
    case 'const':
      return { pointer, expected: JSON.stringify(params['allowedValue']), got };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { pointer, expected: `number ${String(params['comparison'])} ${String(params['limit'])}`, got };
    case 'minLength':
      return { pointer, expected: `string of at least ${String(params['limit'])} characters`, got };
    case 'false schema':
      return { pointer, expected: 'no such property (not allowed in this version)', got };
    default:
      return { pointer, expected: `value that ${error.message ?? `satisfies ${error.keyword}`}`, got };
  }
}

/** RFC 6901 §3: `~` becomes `~0`, `/` becomes `~1`. */
function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

const maxShown = 60;

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `array (${value.length} ${value.length === 1 ? 'item' : 'items'})`;
  if (value !== null && typeof value === 'object') return 'object';
  const text = JSON.stringify(value);
  return text.length > maxShown ? `${text.slice(0, maxShown - 1)}…` : text;
}
