/**
 * With a target: each distinct call that is safe (GET, and the searches the
 * catalog marks read-only) is replayed once, read-only, with the full
 * user's bearer token, and what the target did is set beside the
 * prediction. Calls that change data are never replayed unless
 * ALLOW_MUTATIONS=true; on a real target, ALLOW_IRREVERSIBLE=true as well:
 * the run cannot undo what a recorded call changes (DESIGN.md "Rules"). Ids
 * written as `{param}` take the fixture the catalog names for them
 * (FIXTURE_* or discovery, src/fixtures).
 */
import { PlatformApi } from '../api/platform-api.ts';
import { existsIn, type CatalogEntry } from '../catalog/index.ts';
import { pathVersionFor } from '../catalog/path-versions.ts';
import { FixtureResolver } from '../fixtures/resolver.ts';
import { isUpgradeGuardError, noAnswerOf } from '../errors.ts';
import { isSecretFieldName } from '../http/redact.ts';
import { validateBody } from '../schemas/validator.ts';
import type { CallGroup } from './analyze.ts';
import { isTemplated } from './match.ts';
import type { OpenTarget } from './replay-target.ts';
import type { CallImpact, Observation } from './types.ts';

export interface Replayer {
  replay(group: CallGroup, impact: CallImpact): Promise<Observation>;
}

export interface ReplayPermissions {
  readonly allowMutations: boolean;
  readonly allowIrreversible: boolean;
}

/** Why a call that may change data is not replayed; undefined when it may be. */
function notReplayedReason(method: string, embedded: boolean, permissions: ReplayPermissions): string | undefined {
  if (!permissions.allowMutations) return `${method} may change data: not replayed unless ALLOW_MUTATIONS=true`;
  if (embedded || permissions.allowIrreversible) return undefined;
  return `${method} may change data, and upgrade-guard cannot undo what a recorded call changes: not replayed on a real target unless ALLOW_IRREVERSIBLE=true as well`;
}

export function replayer(open: OpenTarget, permissions: ReplayPermissions): Replayer {
  const { target } = open;
  const api = new PlatformApi(open.http, target.baseUrl, open.tokens, target.pathVersions, target.extraHeaders);
  const fixtures = new FixtureResolver(api, target.version, target.fixtures);
  return {
    async replay(group, impact) {
      const match = group.match;
      if (match.kind === 'authorization' || match.kind === 'token') return { replayed: false, reason: 'a CAS endpoint: the login itself is what `npm run verify -- --suites auth` checks' };
      const entry = match.kind === 'entry' || match.kind === 'replacement' ? match.entry : undefined;
      const safe = group.method === 'GET' || entry?.mutating === false;
      const refused = safe ? undefined : notReplayedReason(group.method, target.embedded, permissions);
      if (refused !== undefined) return { replayed: false, reason: refused };
      const call = group.calls[0];
      if (!call) return { replayed: false, reason: 'no call' };
      const template = 'template' in match ? match.template : undefined;
      // A fixture's discovery the target gave no answer to (src/errors.ts noAnswerOf) leaves this call not replayed.
      const path = await concretePath(call.path, template, entry, fixtures, target.pathVersions).catch((error: unknown) => {
        const noAnswer = noAnswerOf(error);
        if (noAnswer === undefined) throw error;
        return { missing: `${noAnswer.code}: ${noAnswer.message}` };
      });
      if ('missing' in path) return { replayed: false, reason: path.missing };
      const query = Object.fromEntries([...new URLSearchParams(call.query)].filter(([name]) => !isSecretFieldName(name)));
      try {
        const response = await api.call({ method: group.method, path: path.value, query, ...(call.requestBody !== undefined && { json: call.requestBody }) });
        const body = parseJson(response.text);
        const request = `${group.method} ${path.value}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`;
        return { replayed: true, request, status: response.status, shape: shapeOf(body, response.text), ...judgeObservation(impact, entry, target.version, response.status, body) };
      } catch (error) {
        if (isUpgradeGuardError(error) && error.code !== 'INTERNAL') return { replayed: false, reason: `${error.code}: ${error.message}` };
        throw error;
      }
    },
  };
}

/** The call's path with every `{param}` it wrote filled from the fixture the catalog names for it. */
async function concretePath(
  path: string,
  template: string | undefined,
  entry: CatalogEntry | undefined,
  fixtures: FixtureResolver,
  pathVersions: OpenTarget['target']['pathVersions'],
): Promise<{ readonly value: string } | { readonly missing: string }> {
  const segments = path.split('/');
  const names = template?.split('/') ?? [];
  for (const [index, segment] of segments.entries()) {
    if (!isTemplated(segment)) continue;
    const name = names[index]?.slice(1, -1);
    if (name === 'version') {
      const version = template ? pathVersionFor(template, pathVersions) : undefined;
      if (version === undefined) return { missing: 'no `{version}` segment known for this path' };
      segments[index] = version;
      continue;
    }
    const fixture = name === undefined ? undefined : entry?.pathParams[name];
    if (fixture === undefined) return { missing: `${segment} has no fixture to fill it: write a concrete id in the call` };
    const lookup = await fixtures.lookup(fixture);
    if ('missing' in lookup) return { missing: lookup.missing };
    segments[index] = encodeURIComponent(lookup.value);
  }
  return { value: segments.join('/') };
}

/**
 * Whether the status and body agree with the verdict: on 8.0 a removed
 * endpoint answers 404/405/410, everything else in the catalog is served
 * (2xx) with the 8.0 response schema where the catalog names one. A 7.4
 * target shows what the call does today, no prediction to hold it to.
 */
function judgeObservation(impact: CallImpact, entry: CatalogEntry | undefined, version: OpenTarget['target']['version'], status: number, body: unknown): { agrees?: boolean; note?: string } {
  if (version !== '8.0') return { note: `a ${version} target: what the call does today, not what 8.0 will do` };
  if (!entry || impact.entryId === undefined) return status >= 200 && status < 300 ? { note: 'served by this target' } : { note: `not served as called (${status})` };
  const matchedEntry = impact.entryId === entry.id;
  if (matchedEntry && !existsIn(entry, '8.0')) return [404, 405, 410].includes(status) ? { agrees: true, note: 'gone, as predicted' } : { agrees: false, note: 'still served' };
  // Spec §4.6, §4.7, §7: for some endpoints the spec fixes the statuses and the body of each (the shop search's 400 is an object too).
  const specStatus = matchedEntry && (entry.statusCodes?.includes(status) ?? false);
  if (status === 404 && !specStatus) return { agrees: false, note: 'not found: the endpoint is missing, or the id in the call does not exist on this target' };
  if ((status < 200 || status >= 300) && !specStatus) return { agrees: false, note: `answered ${status}` };
  const schema = matchedEntry ? entry.schemas?.response?.['8.0'] : undefined;
  const answered = status >= 200 && status < 300 ? 'served' : `answered ${status}, a status spec ${entry.specSection} lists`;
  if (schema === undefined || body === undefined) return { agrees: true, note: answered };
  const result = validateBody(schema, body);
  return result.ok ? { agrees: true, note: `${answered}, body as 8.0 documents it (${schema})` } : { agrees: false, note: `${answered}, but the body departs from ${schema}` };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `object (id, name, assetSets, …)`, `array (3 items)`, `string`, `empty`, `not JSON`. */
export function shapeOf(body: unknown, text: string): string {
  if (body === undefined) return text.trim() === '' ? 'empty' : 'not JSON';
  if (Array.isArray(body)) return `array (${body.length} ${body.length === 1 ? 'item' : 'items'})`;
  if (body !== null && typeof body === 'object') {
    const keys = Object.keys(body);
    return `object (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''})`;
  }
  return body === null ? 'null' : typeof body;
}
