/**
 * The vendor's OpenAPI documents, read at run time from OPENAPI_DIR (they
 * are the user's: an instance serves them; the project never keeps a copy).
 * Which file belongs to which module and version is one declarative table of
 * file-name patterns. The vendor publishes no 7.4 document of the review
 * module; its 7.5 document stands in for 7.4.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogModule } from '../catalog/types.ts';
import type { OpenAPIBackend } from 'openapi-backend';
import { isRecord } from '../http/json.ts';
import { UpgradeGuardError } from '../errors.ts';
import type { PlatformVersion } from '../profile/versions.ts';

export interface VendorDocumentPattern {
  readonly module: CatalogModule;
  readonly version: PlatformVersion;
  /** File name of the vendor's document (`<api>-api-<release>.json`). */
  readonly file: RegExp;
  /** Why a document of another release stands in, when one does. */
  readonly standIn?: string;
}

export const vendorDocumentPatterns: readonly VendorDocumentPattern[] = [
  { module: 'job', version: '7.4', file: /^jobmanager-api-7\.4(\.\d+)*\.json$/ },
  { module: 'job', version: '8.0', file: /^jobmanager-api-8\.0(\.\d+)*\.json$/ },
  { module: 'planning', version: '7.4', file: /^maps-api-7\.4(\.\d+)*\.json$/ },
  { module: 'planning', version: '8.0', file: /^maps-api-8\.0(\.\d+)*\.json$/ },
  { module: 'media', version: '7.4', file: /^mediapool-api-7\.4(\.\d+)*\.json$/ },
  { module: 'media', version: '8.0', file: /^mediapool-api-8\.0(\.\d+)*\.json$/ },
  { module: 'review', version: '7.4', file: /^reviewmanager-api-7\.[45](\.\d+)*\.json$/, standIn: 'the vendor publishes no 7.4 document of the review module; its 7.5 document stands in' },
  { module: 'review', version: '8.0', file: /^reviewmanager-api-8\.0(\.\d+)*\.json$/ },
  { module: 'templateBuilder', version: '7.4', file: /^web-to-publish-api-7\.4(\.\d+)*\.json$/ },
  { module: 'templateBuilder', version: '8.0', file: /^web-to-publish-api-8\.0(\.\d+)*\.json$/ },
  { module: 'shop', version: '7.4', file: /^shop-api-7\.4(\.\d+)*\.json$/ },
  { module: 'shop', version: '8.0', file: /^shop-api-8\.0(\.\d+)*\.json$/ },
];

/** An OpenAPI 3 document as the validator library takes it; the library checks its structure. */
export type OpenApiDocument = Exclude<ConstructorParameters<typeof OpenAPIBackend>[0]['definition'], string>;

export interface VendorDocument {
  readonly module: CatalogModule;
  readonly version: PlatformVersion;
  /** The file name (reports name the document by it). */
  readonly file: string;
  readonly document: OpenApiDocument;
  readonly standIn?: string;
}

/**
 * Reads every document of the table found in `dir`. A missing directory,
 * one without any document of the table, or a file that is not an OpenAPI 3
 * JSON document is CONFIG_INVALID, named after OPENAPI_DIR.
 */
export function loadVendorDocuments(dir: string): VendorDocument[] {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    names = readdirSync(dir).sort();
  } catch {
    throw new UpgradeGuardError('CONFIG_INVALID', `OPENAPI_DIR ${dir} is not a readable directory`);
  }
  const documents = vendorDocumentPatterns.flatMap((pattern) => documentOf(pattern, dir, names) ?? []);
  if (documents.length === 0) {
    throw new UpgradeGuardError('CONFIG_INVALID', `OPENAPI_DIR ${dir} holds none of the vendor's documents (e.g. maps-api-8.0.1.0.json)`);
  }
  return documents;
}

/**
 * The document of one module and version in `dir`, or none (no such file, or a directory that cannot be read): for
 * labelling a finding after verify has read the whole folder at its start (it stops on a bad one there).
 */
export function loadVendorDocument(dir: string, module: CatalogModule, version: PlatformVersion): VendorDocument | undefined {
  const pattern = vendorDocumentPatterns.find((candidate) => candidate.module === module && candidate.version === version);
  if (pattern === undefined) return undefined;
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  return documentOf(pattern, dir, names);
}

/** The pattern's document among `names` (sorted), read; none when no file matches. */
function documentOf(pattern: VendorDocumentPattern, dir: string, names: readonly string[]): VendorDocument | undefined {
  // The newest release of a version wins when several are present (names sort by release).
  const name = names.filter((candidate) => pattern.file.test(candidate)).at(-1);
  if (name === undefined) return undefined;
  return {
    module: pattern.module,
    version: pattern.version,
    file: name,
    document: readDocument(join(dir, name), name),
    ...(pattern.standIn !== undefined && name.startsWith('reviewmanager-api-7.5') && { standIn: pattern.standIn }),
  };
}

/** The operations of an OpenAPI 3.0 Path Item (its other members are not operations). */
const operationMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DocumentOperation {
  /** Upper case, as requests name it. */
  readonly method: string;
  /** The path template as the document writes it. */
  readonly path: string;
  /** The Operation Object. */
  readonly operation: Readonly<Record<string, unknown>>;
}

/** Every operation of the document, path by path, each path's in the Path Item's order. */
export function documentOperations(vendor: VendorDocument): DocumentOperation[] {
  const paths: unknown = vendor.document.paths;
  if (!isRecord(paths)) return [];
  return Object.entries(paths).flatMap(([path, item]) =>
    isRecord(item)
      ? operationMethods.flatMap((method) => {
          const operation = item[method];
          return isRecord(operation) ? [{ method: method.toUpperCase(), path, operation }] : [];
        })
      : [],
  );
}

function readDocument(path: string, name: string): OpenApiDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UpgradeGuardError('CONFIG_INVALID', `OPENAPI_DIR: ${name} is not valid JSON (${firstLine(error)})`);
  }
  if (!isOpenApiDocument(parsed)) throw new UpgradeGuardError('CONFIG_INVALID', `OPENAPI_DIR: ${name} is not an OpenAPI 3 document (no "openapi": "3.x" and "paths")`);
  return parsed;
}

function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return isRecord(value) && typeof value.openapi === 'string' && value.openapi.startsWith('3.') && isRecord(value.paths) && isRecord(value.info);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
