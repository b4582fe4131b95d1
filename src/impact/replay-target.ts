/**
 * The target a replay runs against, opened as the verify command opens it
 * (src/run-targets): BASE_URL and its configured CAS and users, or the
 * embedded simulator of one version (`--embedded 8.0`); the full user's
 * session through the version's login flow, its tokens in a store.
 */
import { TokenManager } from '../auth/token-manager.ts';
import { ensureTokenStoreDirectory } from '../auth/token-store.ts';
import type { Config } from '../config/config.ts';
import { UpgradeGuardError } from '../errors.ts';
import { HttpClient } from '../http/client.ts';
import type { SecretRegistry } from '../http/redact.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import { startEmbeddedTarget, type ResolvedTarget } from '../run-targets/embedded.ts';
import { preflightConfig } from '../run-targets/preflight.ts';
import { remoteTarget } from '../run-targets/remote.ts';
import { sessionTokenOptions } from '../run-targets/session-tokens.ts';
import { openSessions } from '../run-targets/sessions.ts';
import type { TargetInfo } from '../run-targets/target-info.ts';

export interface OpenTarget {
  readonly target: TargetInfo;
  /** Describes the target in the report: never a bare "passed" for the simulator. */
  readonly label: string;
  readonly http: HttpClient;
  readonly tokens: TokenManager;
  readonly close: () => Promise<void>;
}

export async function openReplayTarget(config: Config, embedded: PlatformVersion | undefined, secrets: SecretRegistry): Promise<OpenTarget> {
  let resolved: ResolvedTarget;
  let label: string;
  if (config.remote) {
    const { version, baseUrl } = config.remote;
    await ensureTokenStoreDirectory(config.tokenStorePath);
    // The endpoints verify would use, AUTH_DISCOVERY's included.
    resolved = remoteTarget(await preflightConfig(config, secrets), { name: `target ${version}`, version, faults: [] });
    label = `${baseUrl} (TARGET_VERSION ${version})`;
  } else if (embedded) {
    resolved = await startEmbeddedTarget(config, { name: `embedded ${embedded}`, version: embedded, faults: [] });
    label = `the EMBEDDED SIMULATOR ${embedded}, not a real target`;
  } else {
    throw new UpgradeGuardError('INTERNAL', 'openReplayTarget needs BASE_URL or --embedded');
  }
  const http = new HttpClient({ timeoutMs: config.requestTimeoutMs, maxConcurrency: config.maxConcurrency, secrets });
  try {
    const target = await openSessions(resolved.target, secrets);
    const session = target.sessions.full;
    if (!session) throw new UpgradeGuardError('LOGIN_FAILED', target.sessionErrors.full ?? 'the full user could not log in');
    const tokens = await TokenManager.fromStore(sessionTokenOptions(target, http, session.storePath, secrets));
    return {
      target,
      label,
      http,
      tokens,
      close: async () => {
        await http.close();
        await resolved.close();
      },
    };
  } catch (error) {
    await http.close();
    await resolved.close();
    throw error;
  }
}
