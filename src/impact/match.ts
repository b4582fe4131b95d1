/**
 * Which endpoint of the spec a call hits. Module calls are matched against
 * the endpoint-change catalog by path template (`{param}` is one segment;
 * a `{version}` segment must look like one, spec §9.2), the most specific
 * template winning (`/view/all` over `/view/{viewId}`); a call to the
 * endpoint that replaces a deprecated one (spec §9.4) is matched as such.
 * Calls to the CAS are matched against the version profiles' paths (spec §4.1).
 */
import { catalog, modulePrefixes, type CatalogEntry, type CatalogModule, type HttpMethod } from '../catalog/index.ts';
import { pathVersionPattern } from '../catalog/path-versions.ts';
import { versionProfiles } from '../profile/versions.ts';

export type EndpointMatch =
  | { readonly kind: 'entry'; readonly entry: CatalogEntry; readonly template: string; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'replacement'; readonly entry: CatalogEntry; readonly template: string; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'authorization'; readonly version: '7.4' | '8.0'; readonly template: string }
  | { readonly kind: 'token'; readonly template: string }
  | { readonly kind: 'module'; readonly module: CatalogModule }
  | { readonly kind: 'outside' };

export function matchEndpoint(method: HttpMethod, path: string): EndpointMatch {
  const candidates: { kind: 'entry' | 'replacement'; entry: CatalogEntry; template: string; params: Record<string, string> }[] = [];
  for (const entry of catalog) {
    if (entry.method === method) {
      const params = templateParams(entry.path, path);
      if (params) candidates.push({ kind: 'entry', entry, template: entry.path, params });
    }
    const replacement = entry.replacement;
    if (replacement?.method === method) {
      const params = templateParams(replacement.path, path);
      if (params) candidates.push({ kind: 'replacement', entry, template: replacement.path, params });
    }
  }
  const best = candidates.sort((a, b) => literalSegments(b.template) - literalSegments(a.template))[0];
  if (best) return best;
  const auth = matchCas(method, path);
  if (auth) return auth;
  const module = moduleOf(path);
  return module ? { kind: 'module', module } : { kind: 'outside' };
}

/** The module whose prefix (spec §1) the path is below. */
export function moduleOf(path: string): CatalogModule | undefined {
  for (const [module, prefix] of Object.entries(modulePrefixes)) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return catalogModule(module);
  }
  return undefined;
}

/** Whether the path belongs to the platform's APIs at all: a module prefix or a CAS endpoint. */
export function isPlatformPath(path: string): boolean {
  return moduleOf(path) !== undefined || matchCas('GET', path) !== undefined || matchCas('POST', path) !== undefined;
}

/**
 * `{auth_url}` is the CAS's own base (it may carry a path, `/cas`), so the
 * endpoint paths of spec §4.1 are matched as the path's end.
 */
function matchCas(method: HttpMethod, path: string): EndpointMatch | undefined {
  for (const profile of Object.values(versionProfiles)) {
    if (method === 'GET' && path.endsWith(profile.authorizationPath)) return { kind: 'authorization', version: profile.version, template: `{auth_url}${profile.authorizationPath}` };
  }
  const tokenPath = versionProfiles['8.0'].tokenPath;
  if (method === 'POST' && path.endsWith(tokenPath)) return { kind: 'token', template: `{auth_url}${tokenPath}` };
  return undefined;
}

const versionSegment = new RegExp(pathVersionPattern);

/** The values of the template's `{param}`s in `path`, or undefined when it does not fit. A templated call (`{assetId}`) fits too. */
export function templateParams(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const value = got[index] ?? '';
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== value) return undefined;
      continue;
    }
    if (value === '') return undefined;
    if (name === 'version' && !versionSegment.test(value) && !isTemplated(value)) return undefined;
    params[name] = value;
  }
  return params;
}

/** `{assetId}`: the call list wrote the parameter, not a value. */
export function isTemplated(segment: string): boolean {
  return /^\{[^}]+\}$/.test(segment);
}

function literalSegments(template: string): number {
  return template.split('/').filter((segment) => segment !== '' && !isTemplated(segment)).length;
}

function catalogModule(name: string): CatalogModule | undefined {
  return Object.keys(modulePrefixes).find((module): module is CatalogModule => module === name);
}
