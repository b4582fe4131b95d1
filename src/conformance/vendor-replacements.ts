/**
 * What the vendor's 8.0 document says to use instead of an endpoint the spec
 * removes, deprecates or breaks without naming a replacement (OPENAPI_DIR):
 * the migration report's "Use instead" cell adds it to "none named by the
 * spec". Read from the documents the user points to, at report time:
 * - the operation is there, deprecated, and its description names another
 *   path of the document: that operation (e.g. the node copy's
 *   `copy-extended`);
 * - it is there, deprecated, naming none: the document still has it;
 * - it is there and not deprecated: the document still serves it as it is.
 * An operation the document does not have adds nothing: the spec's word stands.
 */
import { catalog, type CatalogEntry } from '../catalog/index.ts';
import { documentOperations, type VendorDocument } from './vendor-documents.ts';

/** `{anything}` as one placeholder, so templates compare whatever their parameters are called. */
function shape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly deprecated: boolean;
  readonly text: string;
}

function operations(document: VendorDocument): Operation[] {
  return documentOperations(document).map(({ method, path, operation }) => ({
    method,
    path,
    deprecated: operation.deprecated === true,
    text: [operation.summary, operation.description].filter((part): part is string => typeof part === 'string').join(' '),
  }));
}

/** A path the description names (`/node/{123}/copy-extended/{456}`) as an operation of the document, if one fits. */
function namedOperation(text: string, all: readonly Operation[], method: string, self: Operation): Operation | undefined {
  for (const mention of text.match(/\/[\w{}.-]+(?:\/[\w{}.-]+)+/g) ?? []) {
    const wanted = shape(mention.replace(/\{\d+\}/g, '{}'));
    const fits = all.filter((candidate) => candidate !== self && shape(candidate.path).endsWith(wanted));
    const found = fits.find((candidate) => candidate.method === method) ?? fits[0];
    if (found) return found;
  }
  return undefined;
}

function replacementIn(entry: CatalogEntry, document: VendorDocument): string | undefined {
  const all = operations(document);
  const own = all.find((operation) => operation.method === entry.method && shape(operation.path) === shape(entry.path));
  if (!own) return undefined;
  const where = `the vendor's ${document.version} document (${document.file})`;
  if (!own.deprecated) return `${where} still has ${entry.method} ${own.path}, not deprecated`;
  const named = namedOperation(own.text, all, entry.method, own);
  return named ? `${where}: ${named.method} ${named.path}` : `${where} still has it, deprecated, and names no replacement`;
}

/** Per catalog entry id, what the vendor's 8.0 document adds to "Use instead"; entries it says nothing about are absent. */
export function vendorReplacements(documents: readonly VendorDocument[], needsText: (entry: CatalogEntry) => boolean): Map<string, string> {
  const replacements = new Map<string, string>();
  for (const entry of catalog) {
    if (entry.replacement || !needsText(entry)) continue;
    const document = documents.find((candidate) => candidate.module === entry.module && candidate.version === '8.0');
    const text = document && replacementIn(entry, document);
    if (text !== undefined) replacements.set(entry.id, text);
  }
  return replacements;
}
