/**
 * OPENAPI_DIR: the documents are found by the file-name table, the review
 * module's 7.5 document stands in for 7.4, and a bad folder is
 * CONFIG_INVALID in one line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { catalogModules } from '../../src/catalog/types.ts';
import { departures } from '../../src/conformance/departures.ts';
import { loadVendorDocuments, vendorDocumentPatterns } from '../../src/conformance/vendor-documents.ts';
import { platformVersions } from '../../src/profile/versions.ts';
import { referenceOpenapiDir } from './_documents.ts';

// Without the vendor's documents next to the repository the tests that read them are skipped (test/support/shared-documents.ts).
const sharedDocuments = inject('sharedDocuments');
const skipped = sharedDocuments ? '' : ' (skipped: no vendor documents)';

describe('vendor documents', () => {
  it.runIf(sharedDocuments)(`one document per module and version, the review module 7.4 by its 7.5 stand-in${skipped}`, () => {
    const documents = loadVendorDocuments(referenceOpenapiDir);
    for (const module of catalogModules) {
      for (const version of platformVersions) expect(documents.some((document) => document.module === module && document.version === version), `${module} ${version}`).toBe(true);
    }
    const review74 = documents.find((document) => document.module === 'review' && document.version === '7.4');
    expect(review74?.file).toMatch(/^reviewmanager-api-7\.5/);
    expect(review74?.standIn).toBeDefined();
  });

  for (const [what, prepare, message] of [
    ['a missing folder', (dir: string) => join(dir, 'absent'), /not a readable directory/],
    ['a folder without documents', (dir: string) => dir, /holds none of the vendor's documents/],
    [
      'a broken JSON document',
      (dir: string) => {
        writeFileSync(join(dir, 'maps-api-8.0.1.0.json'), '{"openapi": "3.0.1", ');
        return dir;
      },
      /maps-api-8\.0\.1\.0\.json is not valid JSON/,
    ],
    [
      'a JSON file that is no OpenAPI document',
      (dir: string) => {
        writeFileSync(join(dir, 'shop-api-8.0.1.0.json'), '{"swagger": "2.0"}');
        return dir;
      },
      /shop-api-8\.0\.1\.0\.json is not an OpenAPI 3 document/,
    ],
  ] as const) {
    it(`${what} is CONFIG_INVALID`, () => {
      const dir = prepare(mkdtempSync(join(tmpdir(), 'ug-openapi-')));
      expect(() => loadVendorDocuments(dir)).toThrowError(expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringMatching(message) }));
    });
  }
});

describe.runIf(sharedDocuments)(`departures table${skipped}`, () => {
  const files = sharedDocuments ? loadVendorDocuments(referenceOpenapiDir).map((document) => document.file) : [];

  for (const row of departures) {
    it(`${row.method} ${row.path} ${row.side} ${row.pointer || '(all)'} (${row.versions.join(', ')})`, () => {
      expect(row.versions.length).toBeGreaterThan(0);
      expect(row.pointer === '' || row.pointer.startsWith('/')).toBe(true);
      expect(row.spec).toMatch(/^§\d/);
      expect(row.why.length).toBeGreaterThan(10);
      // The named documents exist and belong to the row's module and versions.
      for (const name of row.document.split(', ')) {
        expect(files).toContain(name);
        expect(vendorDocumentPatterns.some((pattern) => pattern.module === row.module && row.versions.includes(pattern.version) && pattern.file.test(name))).toBe(true);
      }
    });
  }
});
