/**
 * For a call the spec does not list: does the vendor's 8.0 document of its
 * module (OPENAPI_DIR, src/conformance/vendor-documents.ts) have that method
 * and path at all? The spec rules; the vendor's documents are the best
 * evidence where it says "not shown" (spec §4: full endpoint lists not shown).
 *
 * Not @pactflow/openapi-pact-comparator, which compares a pact with an
 * OpenAPI document: its 2.x needs Node 22 (engines `>=22`; we run on 20.19),
 * its 1.7.0 throws on the vendor's media 8.0 document ("Method 'GET' already
 * declared for route '/rest/mp/v1.1/users/:()/activity'": the document has
 * both `/users/{userId}/activity` and `/users/{userUuid}/activity`), and it
 * reads pacts only, where impact also reads HARs and call lists. The path
 * matcher vendor conformance uses answers "is the path there" for all three.
 */
import { templateMatches } from '../conformance/path-template.ts';
import type { VendorDocument } from '../conformance/vendor-documents.ts';
import { isRecord } from '../http/json.ts';
import { moduleOf } from './match.ts';
import type { CallImpact } from './types.ts';

export function vendorEvidence(impact: CallImpact, documents: readonly VendorDocument[]): string | undefined {
  if (impact.verdict !== 'unknown' && impact.entryId !== undefined) return undefined;
  const path = impact.examples[0]?.split('?')[0] ?? impact.endpoint;
  const module = moduleOf(path);
  if (module === undefined) return undefined;
  const document = documents.find((candidate) => candidate.module === module && candidate.version === '8.0');
  if (!document) return `the vendor's 8.0 document of the ${module} module is not in OPENAPI_DIR`;
  const paths = isRecord(document.document.paths) ? document.document.paths : {};
  const templates = Object.keys(paths).filter((template) => templateMatches(template, path));
  const withMethod = templates.find((template) => isRecord(paths[template]) && impact.method.toLowerCase() in paths[template]);
  if (withMethod) return `the vendor's 8.0 document (${document.file}) has ${impact.method} ${withMethod}`;
  if (templates[0]) return `the vendor's 8.0 document (${document.file}) has ${templates[0]}, but not for ${impact.method}`;
  return `the vendor's 8.0 document (${document.file}) has no such path`;
}
