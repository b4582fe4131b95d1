/**
 * What provider verification needs of a target: where it is, whether it is
 * ours to change, its FIXTURE_* ids, and the platform API as the full user
 * (state handlers discover ids with it; the request filter takes its tokens).
 */
import type { PlatformApi, TokenSource } from '../api/platform-api.ts';
import type { PlatformVersion } from '../profile/versions.ts';

export interface ProviderTarget {
  readonly version: PlatformVersion;
  readonly baseUrl: string;
  /** The embedded simulator: mutations always allowed, seed ids known. */
  readonly embedded: boolean;
  readonly allowMutations: boolean;
  /** FIXTURE_* variables, keyed by the name after the prefix (config.fixtures). */
  readonly fixtures: Readonly<Record<string, string>>;
  readonly api: PlatformApi;
  readonly tokens: TokenSource;
  readonly requestTimeoutMs: number;
}
