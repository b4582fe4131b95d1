/**
 * AI tagging configurations (spec §4.4): GET lists them; POST
 * /configurations/{configurationId} adds (201) or updates (200) one; DELETE
 * removes it (204). A configuration names an existing provider, by default
 * the first enabled one.
 */
import { json } from '../../../http/router.ts';
import type { AiConfiguration, MediaState } from '../../../fixtures/media.ts';
import { badRequest, notFound } from '../errors.ts';
import { aiTaggingAccess } from '../access.ts';
import { isRecord, unknownProperties } from '../params.ts';
import { isAiKey, isStringArray } from './keys.ts';
import type { MediaRoutes } from '../registrar.ts';

const properties = ['configurationId', 'name', 'providerId', 'tagTypes', 'minConfidence', 'languages', 'enabled'];
const tagTypes = ['LABEL', 'OBJECT', 'COLOR', 'TEXT'];

type ConfigurationResult = { readonly ok: true; readonly configuration: AiConfiguration } | { readonly ok: false; readonly message: string };

function readConfiguration(configurationId: string, body: unknown, state: MediaState): ConfigurationResult {
  if (!isRecord(body)) return { ok: false, message: 'The request body must be a JSON object.' };
  const unknown = unknownProperties(body, properties);
  if (unknown.length > 0) return { ok: false, message: `Unrecognized field(s): ${unknown.join(', ')}.` };
  const { name, providerId, minConfidence, enabled } = body;
  const types = body['tagTypes'] ?? ['LABEL'];
  const languages = body['languages'] ?? ['en-US'];
  if (body['configurationId'] !== undefined && body['configurationId'] !== configurationId) return { ok: false, message: 'configurationId differs from the path.' };
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, message: 'name is required.' };
  // Spec §4.4 shows no body: a configuration without providerId plausibly takes the first enabled provider.
  const provider = providerId === undefined ? [...state.aiProviders.values()].find((candidate) => candidate.enabled)?.providerId : providerId;
  if (typeof provider !== 'string' || !state.aiProviders.has(provider)) return { ok: false, message: 'providerId must name an existing provider.' };
  if (!isStringArray(types) || types.some((type) => !tagTypes.includes(type))) return { ok: false, message: `tagTypes must be a subset of ${tagTypes.join(', ')}.` };
  if (minConfidence !== undefined && (typeof minConfidence !== 'number' || minConfidence < 0 || minConfidence > 1)) return { ok: false, message: 'minConfidence must be a number from 0 to 1.' };
  if (!isStringArray(languages)) return { ok: false, message: 'languages must be an array of language tags.' };
  if (enabled !== undefined && typeof enabled !== 'boolean') return { ok: false, message: 'enabled must be a boolean.' };
  return {
    ok: true,
    configuration: { configurationId, name, providerId: provider, tagTypes: types, minConfidence: typeof minConfidence === 'number' ? minConfidence : 0.5, languages, enabled: enabled !== false },
  };
}

export const registerAiConfigurationRoutes: MediaRoutes = (router, context, state) => {
  const roles = aiTaggingAccess(context);

  router.api('GET', '/rest/mp/v1.1/ai-tagging/configurations', roles, () => json(200, [...state.aiConfigurations.values()]));

  const saves = router.when(() => !context.faults.has('media-ai-tagging-saves-missing'));
  saves.api('POST', '/rest/mp/v1.1/ai-tagging/configurations/{configurationId}', roles, (request) => {
    const configurationId = request.params['configurationId'];
    if (!isAiKey(configurationId)) return badRequest('configurationId is not valid.');
    const result = readConfiguration(configurationId, request.body, state);
    if (!result.ok) return badRequest(result.message);
    const existed = state.aiConfigurations.has(configurationId);
    state.aiConfigurations.set(configurationId, result.configuration);
    return json(existed ? 200 : 201, result.configuration);
  });

  router.api('DELETE', '/rest/mp/v1.1/ai-tagging/configurations/{configurationId}', roles, (request) => {
    const configurationId = request.params['configurationId'];
    if (!isAiKey(configurationId)) return badRequest('configurationId is not valid.');
    if (!state.aiConfigurations.delete(configurationId)) return notFound(`Configuration ${configurationId} does not exist.`);
    return { status: 204 };
  });
};
