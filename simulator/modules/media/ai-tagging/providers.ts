/**
 * AI tagging providers (spec §4.4): GET lists them; POST
 * /providers/{providerId} adds (201) or updates (200) one; DELETE removes it
 * (204), refused with 409 while a configuration still uses it.
 */
import { json } from '../../../http/router.ts';
import type { AiProvider } from '../../../fixtures/media.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { aiTaggingAccess } from '../access.ts';
import { isRecord, unknownProperties } from '../params.ts';
import { isAiKey } from './keys.ts';
import type { MediaRoutes } from '../registrar.ts';

const properties = ['providerId', 'name', 'type', 'endpoint', 'enabled'];

type ProviderResult = { readonly ok: true; readonly provider: AiProvider } | { readonly ok: false; readonly message: string };

function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function readProvider(providerId: string, body: unknown): ProviderResult {
  if (!isRecord(body)) return { ok: false, message: 'The request body must be a JSON object.' };
  const unknown = unknownProperties(body, properties);
  if (unknown.length > 0) return { ok: false, message: `Unrecognized field(s): ${unknown.join(', ')}.` };
  const { name, type, endpoint, enabled } = body;
  if (body['providerId'] !== undefined && body['providerId'] !== providerId) return { ok: false, message: 'providerId differs from the path.' };
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, message: 'name is required.' };
  if (typeof type !== 'string' || type.trim() === '') return { ok: false, message: 'type is required.' };
  if (!isHttpsUrl(endpoint)) return { ok: false, message: 'endpoint must be an https URL.' };
  if (enabled !== undefined && typeof enabled !== 'boolean') return { ok: false, message: 'enabled must be a boolean.' };
  return { ok: true, provider: { providerId, name, type, endpoint, enabled: enabled !== false } };
}

export const registerAiProviderRoutes: MediaRoutes = (router, context, state) => {
  const roles = aiTaggingAccess(context);

  router.api('GET', '/rest/mp/v1.1/ai-tagging/providers', roles, () => json(200, [...state.aiProviders.values()]));

  const saves = router.when(() => !context.faults.has('media-ai-tagging-saves-missing'));
  saves.api('POST', '/rest/mp/v1.1/ai-tagging/providers/{providerId}', roles, (request) => {
    const providerId = request.params['providerId'];
    if (!isAiKey(providerId)) return badRequest('providerId is not valid.');
    const result = readProvider(providerId, request.body);
    if (!result.ok) return badRequest(result.message);
    const existed = state.aiProviders.has(providerId);
    state.aiProviders.set(providerId, result.provider);
    return json(existed ? 200 : 201, result.provider);
  });

  router.api('DELETE', '/rest/mp/v1.1/ai-tagging/providers/{providerId}', roles, (request) => {
    const providerId = request.params['providerId'];
    if (!isAiKey(providerId)) return badRequest('providerId is not valid.');
    if (!state.aiProviders.has(providerId)) return notFound(`Provider ${providerId} does not exist.`);
    const user = [...state.aiConfigurations.values()].find((configuration) => configuration.providerId === providerId);
    if (user) return conflict(`Provider ${providerId} is used by configuration ${user.configurationId}.`);
    state.aiProviders.delete(providerId);
    return { status: 204 };
  });
};
