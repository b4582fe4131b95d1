/**
 * The simulator's template-builder module (spec §4.6, §7), judged against
 * the spec through its registrar alone.
 */
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../../simulator/faults/index.ts';
import { fullUser, limitedUser, roles } from '../../../simulator/fixtures/users.ts';
import type { HttpMethod } from '../../../simulator/http/router.ts';
import { registerTemplateBuilderModule } from '../../../simulator/modules/template-builder/index.ts';
import { templateBuilderFaults } from '../../../simulator/faults/template-builder.ts';
import type { SimVersion } from '../../../simulator/version.ts';
import { moduleHarness, type ModuleHarness } from './_harness.ts';
import { arrayBody, objectBody } from './_bodies.ts';

const templateBuilder = (version: SimVersion, faults: readonly FaultName[] = []): ModuleHarness =>
  moduleHarness(registerTemplateBuilderModule, { version, faults });


/** Which version serves what (spec §4.6): [method, path, served in 7.4, served in 8.0]. */
const routeTable: readonly (readonly [HttpMethod, string, boolean, boolean])[] = [
  ['POST', '/wp/rest/attachment/externalIds', true, false],
  ['GET', '/wp/rest/user/write/attachments', true, false],
  ['DELETE', '/wp/rest/dynamic-services/801/parameters', false, true],
  ['GET', '/wp/rest/templates/3101/boxes', false, true],
  ['GET', '/wp/rest/templates/3101/renderers', false, true],
  ['GET', '/wp/rest/templates/3101/variables', false, true],
  ['GET', '/wp/rest/templates/newest', true, true],
  ['GET', '/wp/rest/templates/3101', true, true],
  ['GET', '/wp/rest/dynamic-services', true, true],
  ['GET', '/wp/rest/dynamic-services/801/parameters', true, true],
  ['POST', '/wp/rest/dynamic-services/801/parameters', true, true],
];

describe('template-builder routes per version (spec §4.6)', () => {
  for (const [method, path, in74, in80] of routeTable) {
    it(`${method} ${path}: 7.4 ${in74 ? 'serves' : 'does not serve'}, 8.0 ${in80 ? 'serves' : 'does not serve'}`, () => {
      expect(templateBuilder('7.4').route(method, path) !== undefined).toBe(in74);
      expect(templateBuilder('8.0').route(method, path) !== undefined).toBe(in80);
    });
  }

  it('asks for template-builder module access on every route', () => {
    for (const version of ['7.4', '8.0'] as const) {
      const sim = templateBuilder(version);
      for (const [method, path] of routeTable) {
        const access = sim.route(method, path)?.access;
        if (access) expect(access).toEqual({ kind: 'bearer', roles: [roles.templateBuilderModuleAccess] });
      }
    }
  });
});

describe('template discovery and details', () => {
  it('lists the templates the caller may see, newest first, paged', async () => {
    const sim = templateBuilder('8.0');
    const page = objectBody(await sim.call('GET', '/wp/rest/templates/newest?from=0&limit=2'));
    expect(page).toMatchObject({ success: true, results: 4 });
    expect(arrayBody({ status: 200, headers: {}, body: page['rows'] }).map((row) => row['id'])).toEqual([3104, 3103]);
    const limited = objectBody(await sim.call('GET', '/wp/rest/templates/newest', { user: limitedUser }));
    expect(limited['results']).toBe(3);
  });

  it('answers 403 for a template the user may not see and 404 for an unknown one', async () => {
    const sim = templateBuilder('7.4');
    expect((await sim.call('GET', '/wp/rest/templates/3101')).status).toBe(200);
    expect((await sim.call('GET', '/wp/rest/templates/3104', { user: limitedUser })).status).toBe(403);
    expect((await sim.call('GET', '/wp/rest/templates/3105')).status).toBe(403);
    expect((await sim.call('GET', '/wp/rest/templates/9999')).status).toBe(404);
  });
});

describe('boxes, renderers and variables (spec §4.6)', () => {
  it('answers renderers with optional profile, resolution and type', async () => {
    const renderers = arrayBody(await templateBuilder('8.0').call('GET', '/wp/rest/templates/3101/renderers'));
    expect(renderers).toEqual([
      expect.objectContaining({ id: 901, name: 'pdf-print', type: 'PDF', profile: 'PDF/X-4', resolution: '300 dpi', preselections: [expect.objectContaining({ downloadType: 'PRINTING_SERVICES' })] }),
      expect.objectContaining({ id: 902, type: 'JPEG', resolution: '72 dpi' }),
      { id: 903, name: 'native-indd', label: 'InDesign package', preselections: [] },
    ]);
    expect(renderers[1]).not.toHaveProperty('profile');
  });

  it('answers renderers 200, 403 or 404', async () => {
    const sim = templateBuilder('8.0');
    expect((await sim.call('GET', '/wp/rest/templates/3104/renderers')).status).toBe(200);
    const forbidden = await sim.call('GET', '/wp/rest/templates/3104/renderers', { user: limitedUser });
    expect(forbidden.status).toBe(403);
    // The vendor documents 403 and 404 with the renderer list's schema: an empty list.
    expect(arrayBody(forbidden)).toEqual([]);
    expect(await sim.call('GET', '/wp/rest/templates/4242/renderers')).toMatchObject({ status: 404, body: [] });
    expect((await sim.call('GET', '/wp/rest/templates/abc/renderers')).status).toBe(404);
  });

  it('answers boxes and variables, each variable with its box', async () => {
    const sim = templateBuilder('8.0');
    const boxes = arrayBody(await sim.call('GET', '/wp/rest/templates/3101/boxes'));
    expect(boxes.map((box) => box['id'])).toEqual([41011, 41012, 41013]);
    expect(boxes[2]).toMatchObject({ type: 'TEXT', changeableState: 'DYNAMIC_SERVICE', dynamicServiceId: 801, templateId: 3101 });
    const variables = arrayBody(await sim.call('GET', '/wp/rest/templates/3101/variables'));
    expect(variables[0]).toMatchObject({ id: 51011, name: 'headline', empty: false, variableType: 'TEXT', templateBox: { id: 41011 } });
    expect(variables[1]).toMatchObject({ empty: true, variableType: 'IMAGE' });
    expect((await sim.call('GET', '/wp/rest/templates/3105/variables', { user: fullUser })).status).toBe(403);
  });
});

describe('dynamic-service parameters (spec §4.6)', () => {
  it('deletes the named parameters in 8.0', async () => {
    const sim = templateBuilder('8.0');
    expect((await sim.call('DELETE', '/wp/rest/dynamic-services/801/parameters?id=8011&id=8012')).status).toBe(204);
    const left = arrayBody(await sim.call('GET', '/wp/rest/dynamic-services/801/parameters'));
    expect(left.map((parameter) => parameter['ID'])).toEqual([8013]);
    expect((await sim.call('DELETE', '/wp/rest/dynamic-services/801/parameters')).status).toBe(400);
    // A bulk delete (the vendor documents only 204): ids already gone are ignored.
    expect((await sim.call('DELETE', '/wp/rest/dynamic-services/801/parameters?id=8011,2147483647')).status).toBe(204);
    expect((await sim.call('DELETE', '/wp/rest/dynamic-services/999/parameters?id=1')).status).toBe(404);
  });

  it('creates parameters in both versions', async () => {
    for (const version of ['7.4', '8.0'] as const) {
      const sim = templateBuilder(version);
      const created = await sim.call('POST', '/wp/rest/dynamic-services/802/parameters', {
        body: { DYNAMIC_SERVICE_VARIABLES: [{ DYNAMIC_SERVICE_ID: 802, REPLACE_TEXT: '{{radius}}', LABEL: 'Radius', TYPE: 1 }] },
      });
      expect(created.status).toBe(200);
      expect(arrayBody(created)).toEqual([expect.objectContaining({ ID: 8022, DYNAMIC_SERVICE_ID: 802, REPLACE_TEXT: '{{radius}}', LABEL: 'Radius' })]);
      const listed = arrayBody(await sim.call('GET', '/wp/rest/dynamic-services/802/parameters'));
      expect(listed.map((parameter) => parameter['ID'])).toEqual([8021, 8022]);
      expect((await sim.call('POST', '/wp/rest/dynamic-services/802/parameters', { body: { DYNAMIC_SERVICE_VARIABLES: [] } })).status).toBe(400);
      expect((await sim.call('POST', '/wp/rest/dynamic-services/802/parameters', { body: { DYNAMIC_SERVICE_VARIABLES: [{ DYNAMIC_SERVICE_ID: 801, REPLACE_TEXT: 'x', LABEL: 'x' }] } })).status).toBe(400);
    }
  });

  it('lists services with their parameters', async () => {
    const services = arrayBody(await templateBuilder('7.4').call('GET', '/wp/rest/dynamic-services'));
    expect(services[0]).toMatchObject({ ID: 801, NAME: 'price-feed', DYNAMIC_SERVICE_VARIABLES: expect.arrayContaining([expect.objectContaining({ ID: 8011, DYNAMIC_SERVICE_ID: 801 })]) });
  });
});

describe('7.4 attachment routes (spec §4.6)', () => {
  it('maps external ids to attachment ids and tells whether the user may write attachments', async () => {
    const sim = templateBuilder('7.4');
    const mapped = await sim.call('POST', '/wp/rest/attachment/externalIds', { body: [['MAPS-ATT-1001', 'UNKNOWN'], ['MAPS-ATT-1003']] });
    expect(mapped).toMatchObject({ status: 201, body: [['9001'], ['9003']] });
    expect((await sim.call('POST', '/wp/rest/attachment/externalIds', { body: ['MAPS-ATT-1001'] })).status).toBe(400);
    expect((await sim.call('POST', '/wp/rest/attachment/externalIds', { body: { ids: [] } })).status).toBe(400);
    expect(await sim.call('GET', '/wp/rest/user/write/attachments')).toMatchObject({ status: 200, body: true });
  });
});

const faultProbes: Readonly<Record<keyof typeof templateBuilderFaults, { readonly version: SimVersion; readonly observe: (sim: ModuleHarness) => Promise<unknown> }>> = {
  'template-builder-removed-still-served': { version: '8.0', observe: async (sim) => (await sim.call('POST', '/wp/rest/attachment/externalIds', { body: [] })).status },
  'template-builder-removed-early': { version: '7.4', observe: async (sim) => (await sim.call('GET', '/wp/rest/user/write/attachments')).status },
  'template-builder-added-served-in-7.4': { version: '7.4', observe: async (sim) => (await sim.call('GET', '/wp/rest/templates/3101/renderers')).status },
  'template-builder-variables-missing': { version: '8.0', observe: async (sim) => (await sim.call('GET', '/wp/rest/templates/3101/variables')).status },
  'template-builder-removed-wrapped-in-7.4': { version: '7.4', observe: async (sim) => typeof (await sim.call('GET', '/wp/rest/user/write/attachments')).body },
  'template-builder-ids-as-strings': { version: '8.0', observe: async (sim) => [(await sim.call('GET', '/wp/rest/templates/3101/boxes')).body, (await sim.call('GET', '/wp/rest/templates/3101/variables')).body] },
  'template-builder-boxes-missing': { version: '8.0', observe: async (sim) => (await sim.call('GET', '/wp/rest/templates/3101/boxes')).status },
  'template-builder-parameters-delete-missing': { version: '8.0', observe: async (sim) => (await sim.call('DELETE', '/wp/rest/dynamic-services/801/parameters?id=8011')).status },
  'template-builder-parameters-delete-ignored': {
    version: '8.0',
    observe: async (sim) => {
      await sim.call('DELETE', '/wp/rest/dynamic-services/801/parameters?id=8011');
      return (await sim.call('GET', '/wp/rest/dynamic-services/801/parameters')).body;
    },
  },
  'template-builder-renderers-404-as-500': { version: '8.0', observe: async (sim) => (await sim.call('GET', '/wp/rest/templates/4242/renderers')).status },
  'template-builder-renderers-403-as-404': { version: '8.0', observe: async (sim) => (await sim.call('GET', '/wp/rest/templates/3105/renderers')).status },
  'template-builder-renderer-properties-wrong-type': { version: '8.0', observe: async (sim) => (await sim.call('GET', '/wp/rest/templates/3101/renderers')).body },
};

describe('template-builder faults change what a client sees', () => {
  for (const [name, probe] of Object.entries(faultProbes)) {
    it(name, async () => {
      const fault = Object.keys(templateBuilderFaults).find((candidate): candidate is keyof typeof templateBuilderFaults => candidate === name);
      if (fault === undefined) throw new Error(`${name} is not a template-builder fault`);
      expect(templateBuilderFaults[fault].versions).toContain(probe.version);
      const healthy = await probe.observe(templateBuilder(probe.version));
      const faulty = await probe.observe(templateBuilder(probe.version, [fault]));
      expect(faulty).not.toEqual(healthy);
    });
  }
});
