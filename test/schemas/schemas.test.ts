/** Every schema file compiles, carries the right ids, and accepts and rejects its vectors. */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { schemaIds, schemaUrl } from '../../src/schemas/ids.ts';
import {
  formatValidationErrors,
  hasSchema,
  listSchemaFiles,
  loadValidators,
  schemasDir,
  validateBody,
} from '../../src/schemas/validator.ts';
import { vectors } from './_vectors.ts';

describe('schema files', () => {
  it('match the id list one to one', () => {
    expect(listSchemaFiles()).toEqual([...schemaIds].sort());
  });

  it('all compile under strict Ajv 2020-12', () => {
    expect(loadValidators().size).toBe(schemaIds.length);
  });

  // The validator skips this check at run time (src/schemas/validator.ts): it is made here, once.
  it('are each valid against the 2020-12 meta-schema', () => {
    const metaSchema = new Ajv2020({ strict: true });
    for (const id of schemaIds) {
      const schema: unknown = JSON.parse(readFileSync(`${schemasDir}${id}.json`, 'utf8'));
      expect(metaSchema.validateSchema(schema as object), `${id}: ${metaSchema.errorsText()}`).toBe(true);
    }
  });

  for (const id of schemaIds) {
    it(`${id} declares draft 2020-12 and its $id`, () => {
      const schema: unknown = JSON.parse(readFileSync(`${schemasDir}${id}.json`, 'utf8'));
      expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: schemaUrl(id) });
    });
  }

  it('hasSchema knows the ids and nothing else', () => {
    expect(hasSchema('common/token-response')).toBe(true);
    expect(hasSchema('8.0/token-response')).toBe(false);
    expect(hasSchema('token-response')).toBe(false);
  });
});

describe('schema vectors', () => {
  for (const id of schemaIds) {
    const { valid, invalid } = vectors[id];

    it(`${id} accepts its valid samples`, () => {
      expect(valid.length).toBeGreaterThan(0);
      for (const value of valid) {
        const result = validateBody(id, value);
        expect(result.ok, result.ok ? '' : formatValidationErrors(result.errors)).toBe(true);
      }
    });

    for (const vector of invalid) {
      it(`${id} rejects: ${vector.why}`, () => {
        const result = validateBody(id, vector.value);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors.map((issue) => issue.pointer)).toContain(vector.pointer);
      });
    }
  }
});
