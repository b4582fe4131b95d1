/**
 * Deprecation notices in responses, an option of the simulator
 * (`--deprecation-headers sent|malformed`), off by default: the spec obliges
 * no such header and the vendor's OpenAPI documents declare none, so a plain
 * instance sends nothing. With `sent`, two of the endpoints 8.0 deprecates
 * announce it the way RFC 9745 (`Deprecation: @<epoch>`, `Link rel="deprecation"`)
 * and RFC 8594 (`Sunset: <HTTP-date>`) describe; the other deprecated endpoints
 * stay silent, as a platform that adopts the headers endpoint by endpoint
 * would. With `malformed`, the same endpoints send values that break those
 * RFCs (the epoch seconds without the `@` of a Structured Field Date, an ISO
 * date).
 */
import type { SimVersion } from '../version.ts';
import type { Dispatch } from './dispatch.ts';

export const deprecationHeaderModes = ['sent', 'malformed'] as const;
export type DeprecationHeaderMode = (typeof deprecationHeaderModes)[number];

export function isDeprecationHeaderMode(value: string): value is DeprecationHeaderMode {
  return (deprecationHeaderModes as readonly string[]).includes(value);
}

interface Notice {
  readonly method: string;
  readonly path: RegExp;
  /** When 8.0 deprecated the endpoint, seconds since the epoch. */
  readonly deprecatedAt: number;
  readonly sunset: string;
  /** Where the deprecation is explained (RFC 9745 §3). */
  readonly policy: string;
}

/** Spec §4.4 (the v1.1 workflow steps, replaced by v1.2) and §4.3 (the user groups listing). */
const notices: readonly Notice[] = [
  {
    method: 'GET',
    path: /^\/rest\/mp\/v1\.1\/virtual-databases\/[^/]+\/workflow-steps$/,
    deprecatedAt: 1767225600,
    sunset: 'Wed, 30 Jun 2027 23:59:59 GMT',
    policy: '/docs/deprecations#workflow-steps-v1.1',
  },
  {
    method: 'GET',
    path: /^\/maps\/rest\/api\/[^/]+\/usergroups\/all$/,
    deprecatedAt: 1767225600,
    sunset: 'Wed, 30 Jun 2027 23:59:59 GMT',
    policy: '/docs/deprecations#usergroups',
  },
];

/** The dispatcher with the notices added to the successful answers of the noticed endpoints (8.0 only). */
export function withDeprecationNotices(dispatch: Dispatch, version: SimVersion, mode: DeprecationHeaderMode | undefined): Dispatch {
  if (mode === undefined || version !== '8.0') return dispatch;
  return async (incoming) => {
    const response = await dispatch(incoming);
    const path = new URL(incoming.url, 'http://platform.invalid').pathname;
    const notice = notices.find((candidate) => candidate.method === incoming.method && candidate.path.test(path));
    if (notice === undefined || response.status < 200 || response.status >= 300) return response;
    const headers =
      mode === 'sent'
        ? { deprecation: `@${notice.deprecatedAt}`, sunset: notice.sunset, link: `<${notice.policy}>; rel="deprecation"; type="text/html"` }
        : { deprecation: String(notice.deprecatedAt), sunset: new Date(Date.parse(notice.sunset)).toISOString().slice(0, 10), link: `<${notice.policy}>; rel="deprecation"` };
    return { ...response, headers: { ...response.headers, ...headers } };
  };
}
