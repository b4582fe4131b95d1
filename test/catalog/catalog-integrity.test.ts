/** The catalog's own rules: ids, schemas, mutation flags, path parameters, verdicts. */
import { describe, expect, it } from 'vitest';
import {
  catalog,
  catalogModules,
  entriesFor,
  entryById,
  existsIn,
  isCatalogEntryId,
  expectedVerdict,
  moduleIdPrefix,
  modulePrefixes,
  pathParamNames,
  versionedPath,
  type CatalogEntry,
  type ChangeKind,
  type ExpectedVerdict,
} from '../../src/catalog/index.ts';
import { fixtureNames, fixtureVariable, isFixtureName } from '../../src/catalog/fixtures.ts';
import { recipeFor } from '../../suites/modules/_requests.ts';
import { platformVersions, type PlatformVersion } from '../../src/profile/versions.ts';
import { listSchemaFiles } from '../../src/schemas/validator.ts';

const schemaFiles = listSchemaFiles();

function schemaRefs(entry: CatalogEntry): { version: PlatformVersion; id: string }[] {
  const refs: { version: PlatformVersion; id: string }[] = [];
  for (const direction of [entry.schemas?.request, entry.schemas?.response]) {
    for (const version of platformVersions) {
      const id = direction?.[version];
      if (id !== undefined) refs.push({ version, id });
    }
  }
  return refs;
}

describe('catalog ids', () => {
  it('are unique', () => {
    const ids = catalog.map((entry) => entry.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('are kebab ids prefixed with their module', () => {
    for (const entry of catalog) {
      expect(entry.id).toMatch(/^[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.id.startsWith(`${moduleIdPrefix(entry.module)}.`), entry.id).toBe(true);
    }
  });

  it('are found by entryById and grouped by entriesFor', () => {
    for (const entry of catalog) expect(entryById(entry.id)).toBe(entry);
    expect(catalogModules.flatMap((module) => entriesFor(module))).toHaveLength(catalog.length);
  });

  it('are a type: a mistyped id does not compile, and one read at run time is told apart', () => {
    // @ts-expect-error 'job.typo' is no CatalogEntryId (npm run typecheck fails if this ever compiles)
    expect(() => entryById('job.typo')).toThrow('no catalog entry job.typo');
    expect(isCatalogEntryId('job.assets-jobs')).toBe(true);
    expect(isCatalogEntryId('job.typo')).toBe(false);
  });

  it('is frozen, entries included', () => {
    expect(Object.isFrozen(catalog)).toBe(true);
    for (const entry of catalog) expect(Object.isFrozen(entry), entry.id).toBe(true);
  });
});

describe('catalog paths', () => {
  it('start with their module prefix (spec §1)', () => {
    for (const entry of catalog) expect(entry.path.startsWith(modulePrefixes[entry.module]), entry.id).toBe(true);
  });

  it('name a fixture for every {param} and nothing else', () => {
    for (const entry of catalog) {
      const params = pathParamNames(entry.path).filter((name) => name !== 'version');
      expect(Object.keys(entry.pathParams).sort(), entry.id).toEqual([...params].sort());
      for (const fixture of Object.values(entry.pathParams)) expect(isFixtureName(fixture), entry.id).toBe(true);
    }
  });

  it('carry a version segment exactly when they have {version} (spec §9.2 forms)', () => {
    for (const entry of catalog) {
      const hasVersion = pathParamNames(entry.path).includes('version');
      expect(entry.versionSegment !== undefined, entry.id).toBe(hasVersion);
      if (entry.versionSegment !== undefined) {
        expect(entry.versionSegment).toMatch(/^v\d+(\.\d+)*$/);
        expect(versionedPath(entry)).not.toContain('{version}');
      }
    }
  });
});

describe('catalog mutation flags', () => {
  it('flag every entry whose method is not GET, unless a read-only reason is given', () => {
    for (const entry of catalog) {
      if (entry.method === 'GET') {
        expect(entry.mutating, entry.id).toBe(false);
        expect(entry.readOnlyReason, entry.id).toBeUndefined();
      } else if (!entry.mutating) {
        expect(entry.method, entry.id).toBe('POST');
        expect(entry.readOnlyReason, `${entry.id} is a ${entry.method} marked read-only without a reason`).toMatch(/\w/);
      } else {
        expect(entry.readOnlyReason, entry.id).toBeUndefined();
      }
    }
  });
});

describe('catalog schemas', () => {
  it('reference schema files that exist', () => {
    for (const entry of catalog) {
      for (const ref of schemaRefs(entry)) expect(schemaFiles, `${entry.id} → ${ref.id}`).toContain(ref.id);
    }
  });

  it('use a schema of the same version or a common one', () => {
    for (const entry of catalog) {
      for (const ref of schemaRefs(entry)) {
        expect([`${ref.version}/`, 'common/'].some((folder) => ref.id.startsWith(folder)), `${entry.id} ${ref.version} → ${ref.id}`).toBe(true);
      }
    }
  });

  it('give no schema for a version where the endpoint does not exist', () => {
    for (const entry of catalog) {
      for (const ref of schemaRefs(entry)) expect(existsIn(entry, ref.version), `${entry.id} ${ref.version}`).toBe(true);
    }
  });
});

describe('catalog change details', () => {
  it('give replacements only for deprecated entries, in the same module', () => {
    for (const entry of catalog) {
      if (entry.replacement === undefined) continue;
      expect(entry.change, entry.id).toBe('deprecated');
      expect(entry.replacement.path.startsWith(modulePrefixes[entry.module]), entry.id).toBe(true);
    }
    expect(entryById('media.vdb-workflow-steps')?.replacement).toEqual({
      method: 'GET',
      path: '/rest/mp/v1.2/virtual-databases/{vdbId}/workflow-steps',
    });
  });

  it('never list the main change kind again in alsoChanges', () => {
    for (const entry of catalog) expect(entry.alsoChanges ?? [], entry.id).not.toContain(entry.change);
  });

  it('fix the statuses the spec fixes (§7)', () => {
    expect(entryById('shop.advanced-search')?.statusCodes).toEqual([200, 400, 409, 500]);
    expect(entryById('template-builder.template-renderers')?.statusCodes).toEqual([200, 403, 404]);
  });
});

describe('expectedVerdict and existsIn', () => {
  const vectors: readonly { change: ChangeKind; '7.4': ExpectedVerdict; '8.0': ExpectedVerdict }[] = [
    { change: 'added', '7.4': 'absent', '8.0': 'new' },
    { change: 'removed', '7.4': 'unchanged', '8.0': 'absent' },
    { change: 'deprecated', '7.4': 'unchanged', '8.0': 'deprecated' },
    { change: 'changed', '7.4': 'unchanged', '8.0': 'changed' },
    { change: 'breaking', '7.4': 'unchanged', '8.0': 'breaking' },
    { change: 'documented', '7.4': 'unchanged', '8.0': 'unchanged' },
  ];

  for (const vector of vectors) {
    it(`${vector.change}: 7.4 ${vector['7.4']}, 8.0 ${vector['8.0']}`, () => {
      const entries = catalog.filter((entry) => entry.change === vector.change);
      expect(entries.length, `no ${vector.change} entry in the catalog`).toBeGreaterThan(0);
      for (const entry of entries) {
        for (const version of platformVersions) {
          expect(expectedVerdict(entry, version), `${entry.id} on ${version}`).toBe(vector[version]);
          expect(existsIn(entry, version)).toBe(vector[version] !== 'absent');
        }
      }
    });
  }
});

describe('fixtures', () => {
  it('map to FIXTURE_ variables', () => {
    expect(fixtureVariable('mediaAssetId')).toBe('FIXTURE_MEDIA_ASSET_ID');
    expect(fixtureVariable('userUuid')).toBe('FIXTURE_USER_UUID');
    for (const name of fixtureNames) expect(fixtureVariable(name)).toMatch(/^FIXTURE_[A-Z0-9_]+$/);
  });

  it('are all used by some entry (its path or its request recipe)', () => {
    const used = new Set([...catalog.flatMap((entry) => Object.values(entry.pathParams)), ...catalog.flatMap((entry) => recipeFor(entry.id).fixtures ?? [])]);
    expect(fixtureNames.filter((name) => !used.has(name))).toEqual([]);
  });
});
