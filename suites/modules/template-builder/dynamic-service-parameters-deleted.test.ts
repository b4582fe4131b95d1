/**
 * Spec §4.6: 8.0 adds DELETE /wp/rest/dynamic-services/{id}/parameters,
 * which deletes parameters. The check creates a throwaway parameter (POST on
 * the same path, which both versions serve), deletes it by id, and reads the
 * parameters back: the named one is gone, the others are still there. The
 * target is left as found unless the DELETE itself fails, which the failure
 * then names.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import { check } from '../../../src/check/check.ts';
import { requireMutationsAllowed } from '../../../src/check/mutation-guard.ts';
import { observe } from '../../../src/check/observe.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, isRecord, parametersDeleteEntry, skipUnlessServed } from './_template-builder.ts';

const parametersPath = parametersDeleteEntry.path;

/** The parameters of a service as `ID` → `REPLACE_TEXT` (the vendor's DynamicServiceVariable). */
async function parametersOf(api: PlatformApi, serviceId: string): Promise<Map<number, string>> {
  const response = await api.call({ method: 'GET', path: parametersPath, pathParams: { id: serviceId } });
  expect(response.status, `GET the parameters of dynamic service ${serviceId}`).toBe(200);
  const body = response.json();
  expect(Array.isArray(body), 'the parameters are an array').toBe(true);
  const parameters = new Map<number, string>();
  for (const parameter of Array.isArray(body) ? body : []) {
    const id = isRecord(parameter) ? parameter['ID'] : undefined;
    const replaceText = isRecord(parameter) ? parameter['REPLACE_TEXT'] : undefined;
    if (typeof id === 'number') parameters.set(id, typeof replaceText === 'string' ? replaceText : '');
  }
  return parameters;
}

check(
  {
    id: 'template-builder.dynamic-service-parameters-delete.deletes-named',
    title: 'DELETE of dynamic-service parameters deletes the named parameters and keeps the others',
    labels: entryLabels(parametersDeleteEntry, '§4.6'),
    killedBy: ['template-builder-parameters-delete-ignored'], observedBy: ['template-builder-parameters-delete-missing'],
  },
  async (test) => {
    const { api, target, fixtures } = await suiteContext();
    await skipUnlessServed(test, parametersDeleteEntry, target.version);
    await requireMutationsAllowed(test, target, 'creating and deleting a dynamic-service parameter');
    const service = await fixtures.lookup('dynamicServiceId');
    if ('missing' in service) return skipWithReason(test, service.missing);
    const serviceId = service.value;

    const replaceText = `{{upgrade-guard-${randomUUID()}}}`;
    const created = await api.call({
      method: 'POST',
      path: parametersPath,
      pathParams: { id: serviceId },
      json: { DYNAMIC_SERVICE_VARIABLES: [{ DYNAMIC_SERVICE_ID: Number(serviceId), REPLACE_TEXT: replaceText, LABEL: 'upgrade-guard probe (deleted again)', TYPE: 1, UNIT_TYPE: 'NONE' }] },
    });
    if (created.status >= 300) {
      return skipWithReason(test, `could not create a throwaway parameter of dynamic service ${serviceId} to delete (POST answered HTTP ${created.status})`);
    }
    const before = await parametersOf(api, serviceId);
    const probeId = [...before].find(([, text]) => text === replaceText)?.[0];
    expect(probeId, `the parameter ${replaceText} just created is listed`).toBeDefined();
    if (probeId === undefined) return;

    const deleted = await api.call({ method: parametersDeleteEntry.method, path: parametersPath, pathParams: { id: serviceId }, query: { id: probeId } });
    const after = await parametersOf(api, serviceId);
    await observe(test, `DELETE ?id=${probeId}: HTTP ${deleted.status}; ${before.size} parameters before, ${after.size} after`);
    const leftBehind = after.has(probeId) ? ` (parameter ${probeId} "${replaceText}" is left on dynamic service ${serviceId})` : '';
    expectStatus(deleted, { call: sentCall('DELETE', deleted), spec: '§4.6', promise: `lists DELETE /wp/rest/dynamic-services/{id}/parameters as served in 8.0${leftBehind}` });
    expect(after.has(probeId), `parameter ${probeId} is still listed after its DELETE${leftBehind}`).toBe(false);
    expect([...after.keys()].sort(), 'the parameters not named are kept').toEqual([...before.keys()].filter((id) => id !== probeId).sort());
  },
);
