/**
 * Before any suite starts against a real target: can BASE_URL and AUTH_URL
 * be reached at all? Any HTTP answer counts; a refused connection or a
 * timeout ends the run with one line naming the variable to fix.
 *
 * A second probe of BASE_URL also says how far the target is
 * (src/config/concurrency-policy.ts). It decides only how much of the run overlaps,
 * never a verdict.
 */
import { chromiumExecutable } from '../auth/chromium.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { UpgradeGuardError, isUpgradeGuardError } from '../errors.ts';
import type { Config, DiscoveredEndpoints } from '../config/config.ts';
import { discoverEndpoints } from '../auth/discovery.ts';

/** A real target that answered: the round trip of a request on an open connection, ms (a retried one counts as far). */
export interface TargetReach {
  /** Unknown when the second probe failed: the target is then worked as far. */
  readonly roundTripMs: number | undefined;
}

/**
 * The configuration the run goes on with: the preflight's findings added (the target's distance, and with
 * AUTH_DISCOVERY=true the endpoints its issuer metadata names), frozen again.
 */
export async function preflightConfig(config: Config, secrets: SecretRegistry, deadline?: AbortSignal): Promise<Config> {
  const reach = await preflight(config, secrets, deadline);
  const remote = config.remote;
  if (!reach || !remote) return config;
  const discovered = remote.authEndpointSettings.discovery ? await discover(config, secrets, deadline) : undefined;
  return Object.freeze({
    ...config,
    ...(discovered && { remote: Object.freeze({ ...remote, discovered }) }),
    ...(reach.roundTripMs !== undefined && { targetRoundTripMs: Math.round(reach.roundTripMs) }),
  });
}

async function discover(config: Config, secrets: SecretRegistry, deadline?: AbortSignal): Promise<DiscoveredEndpoints> {
  const client = new HttpClient({ timeoutMs: config.requestTimeoutMs, maxConcurrency: 1, secrets, deadline });
  try {
    return await discoverEndpoints(client, config.remote?.authUrl ?? '');
  } finally {
    await client.close();
  }
}

/** `deadline`: RUN_TIMEOUT_S's signal (src/http/run-deadline.ts); the preflight runs before the run's permits, which carry it after. */
export async function preflight(config: Config, secrets: SecretRegistry, deadline?: AbortSignal): Promise<TargetReach | undefined> {
  // LOGIN_DRIVER=browser without a Chromium to launch is a configuration error, found before any target starts.
  if (config.loginDriver === 'browser') chromiumExecutable(config.chromiumPath);
  const remote = config.remote;
  if (!remote) return undefined;
  const client = new HttpClient({ timeoutMs: config.requestTimeoutMs, maxConcurrency: 2, secrets, deadline });
  try {
    await Promise.all([probe(client, 'BASE_URL', remote.baseUrl), probe(client, 'AUTH_URL', remote.authUrl)]);
    // Timed again on the open connection: the first request also paid for the connection and the client's start.
    // Only a measure: a second probe that fails leaves the distance unknown (worked as far), never the run stopped.
    const started = performance.now();
    const answered = await client.request({ method: 'GET', url: remote.baseUrl }).then(
      () => true,
      () => false,
    );
    return { roundTripMs: answered ? performance.now() - started : undefined };
  } finally {
    await client.close();
  }
}

async function probe(client: HttpClient, variable: string, url: string): Promise<void> {
  try {
    await client.request({ method: 'GET', url });
  } catch (error) {
    if (isUpgradeGuardError(error) && (error.code === 'TARGET_UNREACHABLE' || error.code === 'TARGET_TIMEOUT')) {
      throw new UpgradeGuardError(error.code, `${variable} ${url}: ${error.message.replace(/^GET \S+ /, '')}`);
    }
    throw error;
  }
}
