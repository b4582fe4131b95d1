import type { SimVersion } from '../version.ts';

/**
 * Behaviours a real platform may show that keep the spec: the simulator can
 * be started with them like with a fault, and the kill matrix requires that
 * every check passes (or skips) under each exactly as on the clean platform.
 * A check that fails under a quirk relies on something the spec does not
 * guarantee (DESIGN.md "No false alarms").
 */
export interface QuirkDefinition {
  /** What the platform does, in one sentence. */
  readonly description: string;
  /** Why the spec (and the standards it cites) allows it. */
  readonly allowedBy: string;
  /** Versions in which the quirk changes behaviour. */
  readonly versions: readonly SimVersion[];
}

export const quirkCatalog = {
  'uuid-upper-case': {
    description: 'every UUID the modules send (ids, echoed uids, user UUIDs) is written with upper-case hex digits',
    allowedBy: 'the spec types them only as "UUID"; RFC 9562 §4 makes the hex digits case-insensitive on input',
    versions: ['7.4', '8.0'],
  },
  'module-get-reset-once': {
    description: 'the first GET of each module URL (path and query) is answered by a connection reset; every later one is served',
    allowedBy: 'a flaky gateway: a reset GET is idempotent and is sent again (RFC 9110 §9.2.2); no answer of the platform changes',
    versions: ['7.4', '8.0'],
  },
  'expired-token-grace': {
    description: 'the resource server accepts an access token for one second past its expires_in',
    allowedBy: 'clock-skew leeway a resource server may allow past exp (RFC 7519 §4.1.4 "some small leeway"), up to EXPIRY_LEEWAY_S',
    versions: ['7.4', '8.0'],
  },
} as const satisfies Readonly<Record<string, QuirkDefinition>>;

export type QuirkName = keyof typeof quirkCatalog;

export const quirkNames = Object.keys(quirkCatalog) as QuirkName[];

export function isQuirkName(value: string): value is QuirkName {
  return Object.hasOwn(quirkCatalog, value);
}
