/**
 * Spec §4.6, §7 "Template renderers 200, 403, 404": the renderers of a
 * template the caller may see are 200 (the lifecycle's served check), of a
 * template the caller may not see 403, of a template that does not exist
 * 404. Each refusal is compared with a 200 from the same route, so a missing
 * route cannot pass for a 404.
 */
import { expect } from 'vitest';
import { visibleTemplateIds } from '../../../src/fixtures/discovery/template-builder.ts';
import type { PlatformApi } from '../../../src/api/platform-api.ts';
import type { HttpResponse } from '../../../src/http/client.ts';
import { check } from '../../../src/check/check.ts';
import { observe } from '../../../src/check/observe.ts';
import { expectStatus, sentCall } from '../../../src/check/status-finding.ts';
import { skipWithReason } from '../../../src/check/skip.ts';
import { suiteContext } from '../../../src/run-targets/context.ts';
import { entryLabels, renderersEntry, skipUnlessServed } from './_template-builder.ts';

/** A template id no platform hands out: int32's maximum (the vendor types template ids int32). */
const unknownTemplateId = 2_147_483_647;

function renderersOf(api: PlatformApi, templateId: number | string): Promise<HttpResponse> {
  return api.call({ method: renderersEntry.method, path: renderersEntry.path, pathParams: { id: templateId } });
}

check(
  {
    id: 'template-builder.template-renderers.unknown-template-404',
    title: 'the renderers of a template that does not exist answer 404',
    labels: entryLabels(renderersEntry, '§7'),
    killedBy: ['template-builder-renderers-404-as-500'],
    concurrent: true,
  },
  async (test) => {
    const { api, target, fixtures } = await suiteContext();
    await skipUnlessServed(test, renderersEntry, target.version);
    const known = await fixtures.lookup('templateId');
    if ('missing' in known) return skipWithReason(test, known.missing);
    const seen = await renderersOf(api, known.value);
    const unknown = await renderersOf(api, unknownTemplateId);
    await observe(test, `template ${known.value}: HTTP ${seen.status}; template ${unknownTemplateId}: HTTP ${unknown.status}`);
    expect(seen.status, `renderers of the visible template ${known.value}`).toBe(200);
    expectStatus(unknown, { call: `${sentCall(renderersEntry.method, unknown)} (a template that does not exist)`, accepted: [404], spec: '§7', promise: 'lists 404 for the renderers of a template that does not exist' });
  },
);

check(
  {
    id: 'template-builder.template-renderers.hidden-template-403',
    title: 'the renderers of a template the caller may not see answer 403',
    labels: entryLabels(renderersEntry, '§7'),
    killedBy: ['template-builder-renderers-403-as-404'],
    observedBy: ['login-challenge-skipped'],
    concurrent: true,
  },
  async (test) => {
    const { api, target, limited } = await suiteContext();
    await skipUnlessServed(test, renderersEntry, target.version);
    if ('unavailable' in limited) return skipWithReason(test, limited.unavailable);
    // A template the full user's listing shows and the limited user's does not.
    const visibleToLimited = new Set(await visibleTemplateIds(limited.api));
    const hidden = (await visibleTemplateIds(api)).find((id) => !visibleToLimited.has(id));
    if (hidden === undefined) {
      return skipWithReason(test, 'no template the full user may see is hidden from the limited user (GET /wp/rest/templates/newest as each)');
    }
    const asFull = await renderersOf(api, hidden);
    const asLimited = await renderersOf(limited.api, hidden);
    await observe(test, `template ${hidden}: HTTP ${asFull.status} to the full user, HTTP ${asLimited.status} to the limited user`);
    expect(asFull.status, `renderers of template ${hidden} as the full user`).toBe(200);
    expectStatus(asLimited, {
      call: `${sentCall(renderersEntry.method, asLimited)} as the limited user, who may not see template ${hidden},`,
      accepted: [403],
      spec: '§7',
      promise: 'lists 403 for the renderers of a template the caller may not see',
      // A 404 here hides the template's existence; a 2xx shows the limited user what its listing hides.
      stepFor: (status) =>
        status === 404
          ? 'a client that tells "not allowed" (403) from "not there" (404) takes the template for missing: handle both, or ask the vendor'
          : status < 300
            ? "the limited user gets what its own listing hides: check the target's permissions on templates"
            : undefined,
    });
  },
);
