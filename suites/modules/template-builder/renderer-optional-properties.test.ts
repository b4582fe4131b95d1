/**
 * Spec §4.6: the renderers of a template gain the optional item properties
 * `profile`, `resolution` and `type`. Optional means a renderer may lack
 * them; where one carries them they have the documented type. Every
 * template the caller may see (up to a bound) is read and validated against
 * the version's renderer-list schema, so the check does not hang on which
 * template discovery happened to pick.
 */
import { expect } from 'vitest';
import { visibleTemplateIds } from '../../../src/fixtures/discovery/template-builder.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { formatValidationErrors, validateBody } from '../../../src/schemas/validator.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isRecord, renderersEntry, skipUnlessServed } from './_template-builder.ts';

/** Enough templates to meet the optional properties, few enough for a large instance. */
const maxTemplates = 20;

check(
  {
    id: 'template-builder.template-renderers.optional-properties-typed',
    title: 'renderer items carry profile, resolution and type, where present, with the documented type',
    labels: entryLabels(renderersEntry, '§4.6'),
    killedBy: ['template-builder-renderer-properties-wrong-type'],
    concurrent: true,
  },
  async (test) => {
    const { api, target } = await suiteContext();
    await skipUnlessServed(test, renderersEntry, target.version);
    const schemaId = renderersEntry.schemas?.response?.[target.version];
    if (!schemaId) throw new Error(`the catalog names no ${target.version} response schema for ${renderersEntry.id}`);
    const optional = renderersEntry.newFields?.response ?? [];
    const seen = new Set<string>();
    const problems: string[] = [];
    const templateIds = (await visibleTemplateIds(api)).slice(0, maxTemplates);
    for (const templateId of templateIds) {
      const response = await api.call({ method: renderersEntry.method, path: renderersEntry.path, pathParams: { id: templateId } });
      expect(response.status, `renderers of the visible template ${templateId}`).toBe(200);
      const body = response.json();
      const result = validateBody(schemaId, body);
      if (!result.ok) problems.push(`template ${templateId}: ${formatValidationErrors(result.errors)}`);
      for (const renderer of Array.isArray(body) ? body : []) {
        for (const name of optional) if (isRecord(renderer) && Object.hasOwn(renderer, name)) seen.add(name);
      }
    }
    await observe(test, `${templateIds.length} templates; optional properties seen: ${[...seen].sort().join(', ') || 'none'}`);
    expect(problems.join('\n'), `renderers against ${schemaId}`).toBe('');
    if (seen.size === 0) {
      await skipWithReason(test, `no renderer of ${templateIds.length} templates carries ${optional.join(', ')}: their types could not be checked`);
    }
  },
);
