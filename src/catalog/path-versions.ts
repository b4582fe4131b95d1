/**
 * The `{version}` segment of the job and planning paths (spec §4.2, §4.3,
 * §9.2). The catalog writes the segment the suites use by default (`v1.0`);
 * a real instance may want another: the vendor's 8.0 planning document asks
 * for `latest` or the current API version (`v3.20.1`). PATH_VERSION_<MODULE>
 * sets it per module; the API client fills `{version}` with it.
 */
import { catalog, modulePrefixes, type CatalogModule } from './index.ts';

/** The modules whose catalog paths carry `{version}`, and the variable that sets it. */
export const pathVersionVariables = {
  job: 'PATH_VERSION_JOB',
  planning: 'PATH_VERSION_PLANNING',
} as const satisfies Partial<Record<CatalogModule, string>>;

export type PathVersionModule = keyof typeof pathVersionVariables;

/** Configured segments; a module not named uses the catalog's. */
export type PathVersions = Readonly<Partial<Record<PathVersionModule, string>>>;

/** One path segment: `latest`, or `v` and a dotted version (`v1`, `v1.0`, `v3.20.1`). */
export const pathVersionPattern = '^(latest|v[0-9]+(\\.[0-9]+){0,3})$';

/** The segment the catalog uses for `{version}` in a module's paths. */
export function catalogPathVersion(module: CatalogModule): string | undefined {
  return catalog.find((entry) => entry.module === module && entry.versionSegment !== undefined)?.versionSegment;
}

/** The segment to put for `{version}` in a path below a module prefix: the configured one, else the catalog's. */
export function pathVersionFor(path: string, configured: PathVersions): string | undefined {
  for (const module of Object.keys(pathVersionVariables)) {
    if (!isPathVersionModule(module)) continue;
    const prefix = modulePrefixes[module];
    if (path === prefix || path.startsWith(`${prefix}/`)) return configured[module] ?? catalogPathVersion(module);
  }
  return undefined;
}

function isPathVersionModule(name: string): name is PathVersionModule {
  return name in pathVersionVariables;
}
