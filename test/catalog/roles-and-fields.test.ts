/** The small declarative catalogs: security changes (spec §5.10–§5.13) and DTO field changes (spec §2). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalog, entryById, type CatalogEntry } from '../../src/catalog/index.ts';
import { fieldChanges } from '../../src/catalog/fields.ts';
import { platformRoles, roleRequirements, securitySchemeChanges, type RoleRequirement } from '../../src/catalog/roles.ts';
import { platformVersions } from '../../src/profile/versions.ts';
import { schemasDir } from '../../src/schemas/validator.ts';

function inScope(requirement: RoleRequirement, entry: CatalogEntry): boolean {
  const scope = requirement.scope;
  if ('entryIds' in scope) return scope.entryIds.includes(entry.id);
  return entry.module === scope.module && entry.path.startsWith(scope.pathPrefix);
}

describe('role requirements (spec §5.11–§5.13)', () => {
  for (const requirement of roleRequirements) {
    it(`${requirement.id} governs at least one catalog entry`, () => {
      if ('entryIds' in requirement.scope) {
        for (const id of requirement.scope.entryIds) expect(entryById(id), id).toBeDefined();
      }
      expect(catalog.filter((entry) => inScope(requirement, entry)).length).toBeGreaterThan(0);
    });

    it(`${requirement.id}: the entries in scope carry exactly its roles`, () => {
      for (const entry of catalog.filter((candidate) => inScope(requirement, candidate))) {
        expect(entry.roles, entry.id).toEqual(requirement.roles);
      }
    });
  }

  it('every entry with roles is governed by a requirement', () => {
    for (const entry of catalog.filter((candidate) => candidate.roles !== undefined)) {
      expect(roleRequirements.some((requirement) => inScope(requirement, entry)), entry.id).toBe(true);
    }
  });

  it('puts PLATFORM_ORGANISATION_MANAGE_MP_SEARCH_CONFIGURATION on all twelve AI tagging rows', () => {
    const aiEntries = catalog.filter((entry) => entry.path.startsWith('/rest/mp/v1.1/ai-tagging'));
    expect(aiEntries).toHaveLength(12);
    for (const entry of aiEntries) expect(entry.roles?.['8.0']).toEqual([platformRoles.manageMpSearchConfiguration]);
  });

  it('moves _get-general-info from REVIEW_MANAGER_MODULE_ACCESS to AUTHENTICATED', () => {
    expect(entryById('review.general-info')?.roles).toEqual({
      '7.4': ['REVIEW_MANAGER_MODULE_ACCESS'],
      '8.0': ['AUTHENTICATED'],
    });
  });

  it('adds BearerAuth to the media module in 8.0 (spec §5.10)', () => {
    expect(securitySchemeChanges).toEqual([expect.objectContaining({ module: 'media', scheme: 'BearerAuth', since: '8.0' })]);
  });
});

/** The subschema a dotted field path leads to (`assignees[].id` walks into array items). */
function subschemaAt(schema: unknown, segments: readonly string[]): unknown {
  let current = schema;
  for (const segment of segments) {
    const name = segment.endsWith('[]') ? segment.slice(0, -2) : segment;
    current = property(property(current, 'properties'), name);
    if (segment.endsWith('[]')) current = property(current, 'items');
  }
  return current;
}

function property(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, name)?.value : undefined;
}

function isRequired(schemaId: string, fieldPath: string): boolean {
  const schema: unknown = JSON.parse(readFileSync(`${schemasDir}${schemaId}.json`, 'utf8'));
  const segments = fieldPath.split('.');
  const field = segments.pop() ?? '';
  const required = property(subschemaAt(schema, segments), 'required');
  return Array.isArray(required) && required.includes(field);
}

describe('field changes (spec §2)', () => {
  it('have unique ids', () => {
    const ids = fieldChanges.map((change) => change.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const change of fieldChanges) {
    it(`${change.id}: the schemas require the field as stated`, () => {
      for (const version of platformVersions) {
        const required = change.required[version];
        const schemaId = change.schemas[version];
        if (required === undefined || schemaId === undefined) continue;
        const name = version === '7.4' && change.previousName !== undefined ? change.previousName : change.field;
        expect(isRequired(schemaId, name), `${schemaId} requires ${name}`).toBe(required);
        if (change.replacedBy !== undefined) {
          expect(isRequired(schemaId, change.replacedBy), `${schemaId} requires ${change.replacedBy}`).toBe(!required);
        }
      }
    });
  }
});
