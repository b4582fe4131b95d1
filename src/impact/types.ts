/**
 * What `npm run impact` reads and what it reports: the calls a team's
 * integration makes (from a HAR, pact files or a list of `METHOD /path`
 * lines), and per distinct call the verdict 8.0 has for it.
 */
import type { HttpMethod } from '../catalog/index.ts';

/** Worst first: the order of the summary line and of the report's rows. */
export const impactVerdicts = ['blocking', 'replace', 'review', 'unchanged', 'unknown'] as const;
export type ImpactVerdict = (typeof impactVerdicts)[number];

export type CallSourceKind = 'har' | 'pact' | 'calls';

/** One call as an input shows it; bodies are already redacted. */
export interface ObservedCall {
  readonly method: HttpMethod;
  /** The path without query; concrete (`/rest/mp/v1.1/assets/77401`) or templated (`…/assets/{assetId}`). */
  readonly path: string;
  /** The query string without `?`, secrets redacted; empty when none. */
  readonly query: string;
  readonly source: CallSourceKind;
  /** Where it came from: `examples/app.har entry 3`, `pact shop-app → platform: a search`, `calls.txt:7`. */
  readonly origin: string;
  /** The JSON request body the team sends, when the input shows one. */
  readonly requestBody?: unknown;
  /** The JSON response body the team reads (a pact's expectation, a HAR's recorded response). */
  readonly responseBody?: unknown;
}

/** What a replay against a target showed, beside the prediction. */
export type Observation =
  | {
      readonly replayed: true;
      readonly request: string;
      readonly status: number;
      /** `object (id, name, assetSets)`, `array (3 items)`, `empty`, … */
      readonly shape: string;
      /** Whether the status agrees with the verdict's prediction; undefined where the prediction says nothing about it. */
      readonly agrees?: boolean;
      readonly note?: string;
    }
  | { readonly replayed: false; readonly reason: string };

export interface CallImpact {
  readonly method: HttpMethod;
  /** The endpoint's template where it is known, else the path with ids written `{id}`. */
  readonly endpoint: string;
  /** Up to three concrete paths the inputs show (query redacted). */
  readonly examples: readonly string[];
  /** Where the call appears, de-duplicated. */
  readonly origins: readonly string[];
  readonly verdict: ImpactVerdict;
  /** The catalog entry the call hits (`media.vdb-workflow-steps`), when there is one. */
  readonly entryId?: string;
  readonly change?: string;
  readonly specSection?: string;
  /** For `replace`: what to call instead (`GET /rest/mp/v1.2/…`), or that the spec names nothing. */
  readonly replacement?: string;
  /** Why, one line each, citing the spec. */
  readonly reasons: readonly string[];
  /** With OPENAPI_DIR: what the vendor's 8.0 document says about the path. */
  readonly vendor?: string;
  /** With a target: what it did. */
  readonly observed?: Observation;
}

export interface ImpactReport {
  readonly generatedAt: string;
  /** `offline` or the target replayed against (`embedded 8.0`, `https://… (TARGET_VERSION 8.0)`). */
  readonly mode: string;
  readonly inputs: readonly string[];
  readonly summary: Readonly<Record<ImpactVerdict, number>>;
  readonly calls: readonly CallImpact[];
}
