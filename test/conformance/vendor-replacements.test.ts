/**
 * "Use instead" with OPENAPI_DIR: for a row the spec removes, deprecates or
 * breaks without a replacement, the migration report adds what the vendor's
 * 8.0 document says: the operation its deprecation names, that it still has
 * the operation (deprecated, naming none), or nothing when it lacks it. The
 * documents are small ones written from the vendor's facts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadVendorDocuments } from '../../src/conformance/vendor-documents.ts';
import { vendorReplacements } from '../../src/conformance/vendor-replacements.ts';
import { buildMigrationReport } from '../../src/report/migration-report.ts';
import { needsReplacementText, noneNamedBySpec } from '../../src/report/use-instead.ts';
import { vendorShapedFolder } from './_vendor-shaped-documents.ts';

let replacements: Map<string, string>;

beforeAll(async () => {
  replacements = vendorReplacements(loadVendorDocuments(await vendorShapedFolder()), needsReplacementText);
});

describe("the vendor's 8.0 document in \"Use instead\"", () => {
  it('names the operation a deprecation points to', () => {
    expect(replacements.get('planning.node-copy')).toBe("the vendor's 8.0 document (maps-api-8.0.1.0.json): POST /maps/rest/api/{version}/node/{nodeId}/copy-extended/{parentId}");
  });

  it('says the document still has an operation the spec removes, deprecated and naming none', () => {
    expect(replacements.get('media.archive-entries-asset')).toBe("the vendor's 8.0 document (mediapool-api-8.0.1.0.json) still has it, deprecated, and names no replacement");
  });

  it('adds nothing for an operation the document lacks, or a row the spec gives a replacement', () => {
    expect(replacements.has('template-builder.user-write-attachments')).toBe(false);
    expect([...replacements.keys()].sort()).toEqual(['media.archive-entries-asset', 'planning.node-copy']);
  });

  it("puts it after the spec's words in the report's rows and first screen", () => {
    const report = buildMigrationReport({ checks: [], errors: [] }, { now: new Date(0), vendor: replacements });
    const row = report.rows.find((candidate) => candidate.id === 'planning.node-copy');
    expect(row?.useInstead).toBe(`${noneNamedBySpec}; the vendor's 8.0 document (maps-api-8.0.1.0.json): POST /maps/rest/api/{version}/node/{nodeId}/copy-extended/{parentId}`);
    const media = report.whatBreaks.modules.find((module) => module.module === 'media');
    expect(media?.breakingCalls.find((call) => call.endpoint.includes('archive-entries'))?.useInstead).toContain('still has it, deprecated');
  });
});
