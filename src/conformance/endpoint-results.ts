/**
 * Groups a target's module exchanges by the vendor operation they hit (one
 * conformance check per endpoint and version) and judges each exchange:
 * violations a departure row covers are observations, the rest failures.
 */
import { catalog, moduleIdPrefix, modulePrefixes } from '../catalog/index.ts';
import type { CatalogModule } from '../catalog/types.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { coveringDeparture, departures as departureTable, type Departure } from './departures.ts';
import type { DocumentValidator, Endpoint } from './document-validator.ts';
import type { RecordedExchange } from './recorded-exchange.ts';
import type { Violation } from './violation.ts';
import { templateMatches } from './path-template.ts';

export interface Finding {
  readonly exchange: RecordedExchange;
  readonly violation: Violation;
  /** The departure row that covers it: an observation, not a failure. */
  readonly departure?: Departure;
}

export interface EndpointResult {
  readonly module: CatalogModule;
  readonly version: PlatformVersion;
  /** The vendor document's file name; absent when OPENAPI_DIR has none for the module and version. */
  readonly document?: string;
  readonly endpoint: Endpoint;
  readonly exchanges: readonly RecordedExchange[];
  /** Error-level violations no departure covers. */
  readonly failures: readonly Finding[];
  /** Violations a departure row covers. */
  readonly departures: readonly Finding[];
  /** What could not be judged (a clipped body, a redacted value). */
  readonly warnings: readonly Finding[];
}

export interface ModuleDocument {
  readonly file: string;
  readonly validator: DocumentValidator;
}

/** Statuses by which a platform says an endpoint is not there: a probe of an endpoint the document lacks agrees with it. */
const absentStatuses = new Set([404, 405, 410]);

export function endpointResults(
  version: PlatformVersion,
  exchanges: readonly RecordedExchange[],
  documents: Readonly<Partial<Record<CatalogModule, ModuleDocument>>>,
  table: readonly Departure[] = departureTable,
): EndpointResult[] {
  const groups = new Map<string, { module: CatalogModule; document?: string; endpoint: Endpoint; judged: Array<{ exchange: RecordedExchange; violations: readonly Violation[] }> }>();
  for (const exchange of exchanges) {
    const module = moduleOf(exchange.path);
    if (!module) continue;
    const document = documents[module];
    let endpoint: Endpoint;
    let violations: readonly Violation[] = [];
    if (!document) {
      endpoint = { method: exchange.method, path: knownTemplate(exchange.method, exchange.path, table) };
    } else {
      const verdict = document.validator.validate(exchange);
      if (verdict.kind === 'matched') {
        endpoint = verdict.endpoint;
        violations = verdict.violations;
      } else {
        if (exchange.status !== undefined && absentStatuses.has(exchange.status)) continue;
        endpoint = { method: exchange.method, path: knownTemplate(exchange.method, exchange.path, table) };
        violations = [{ side: 'request', pointer: '', message: `${document.file} has no operation ${exchange.method} for this path`, level: 'error' }];
      }
    }
    const key = `${module} ${endpoint.method} ${endpoint.path}`;
    const group = groups.get(key) ?? { module, ...(document && { document: document.file }), endpoint, judged: [] };
    group.judged.push({ exchange, violations });
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => {
      const failures: Finding[] = [];
      const covered: Finding[] = [];
      const warnings: Finding[] = [];
      for (const { exchange, violations } of group.judged) {
        for (const violation of violations) {
          if (violation.level === 'warning') {
            warnings.push({ exchange, violation });
            continue;
          }
          const departure = coveringDeparture(violation, { module: group.module, version, method: group.endpoint.method, path: group.endpoint.path }, table);
          if (departure) covered.push({ exchange, violation, departure });
          else failures.push({ exchange, violation });
        }
      }
      return {
        module: group.module,
        version,
        ...(group.document !== undefined && { document: group.document }),
        endpoint: group.endpoint,
        exchanges: group.judged.map((judged) => judged.exchange),
        failures,
        departures: covered,
        warnings,
      };
    })
    .sort((a, b) => `${a.module} ${a.endpoint.path} ${a.endpoint.method}`.localeCompare(`${b.module} ${b.endpoint.path} ${b.endpoint.method}`));
}

function moduleOf(path: string): CatalogModule | undefined {
  const pathname = pathOnly(path);
  for (const [module, prefix] of Object.entries(modulePrefixes)) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return isModule(module) ? module : undefined;
  }
  return undefined;
}

function isModule(name: string): name is CatalogModule {
  return name in modulePrefixes;
}

/**
 * The path template of a request no vendor operation matches: a departure
 * row's or an endpoint-catalog entry's (the spec's paths), so the check id
 * does not carry the fixture ids of one target; else the path as sent with
 * its ids as `{id}`.
 */
function knownTemplate(method: string, path: string, table: readonly Departure[]): string {
  const pathname = pathOnly(path);
  const candidates = [...table.map((row) => ({ method: row.method, path: row.path })), ...catalog, ...catalog.flatMap((entry) => (entry.replacement ? [entry.replacement] : []))];
  const known = candidates.find((candidate) => candidate.method === method && templateMatches(candidate.path, pathname))?.path;
  // Else numbers and UUIDs are ids: `{id}`, so one target's fixture ids do not end up in a check id.
  return known ?? pathname.replace(/\/(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=\/|$)/gi, '/{id}');
}

function pathOnly(path: string): string {
  return path.split('?')[0] ?? path;
}

/** The stable check id of an endpoint's conformance check: `conformance.planning.get-maps-rest-api-version-groups`. */
export function conformanceCheckId(module: CatalogModule, endpoint: Endpoint): string {
  const slug = `${endpoint.method}-${endpoint.path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `conformance.${moduleIdPrefix(module)}.${slug}`;
}

/** One line per finding: method, path, status, which side, the validator's message with the JSON pointer, and the check that made it. */
export function describeFinding(finding: Finding): string {
  const { exchange, violation } = finding;
  const status = exchange.status === undefined ? 'no answer' : String(exchange.status);
  return `${exchange.method} ${exchange.path} → ${status}: ${violation.side} ${violation.pointer || '/'}: ${violation.message} [by ${exchange.check}]`;
}
