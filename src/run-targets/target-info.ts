/**
 * What the main process hands every test worker about the target of its
 * project (vitest `provide` / `inject`). Serializable; it carries secrets,
 * so it is never printed or attached: workers register them for redaction
 * before anything else runs.
 */
import type { SecretRegistry } from '../http/redact.ts';
import type { PlatformVersion } from '../profile/versions.ts';
import type { Config, UserCredentials } from '../config/config.ts';
import type { RunProject } from './run-plan.ts';
import type { PathVersions } from '../catalog/path-versions.ts';
import type { EndpointOverrides } from '../auth/endpoints.ts';

export interface ClientRegistration {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

export interface ShortLivedTarget {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly client: ClientRegistration;
  readonly user: UserCredentials;
  /**
   * An access token issued there by the shared sessions' logins (the run's
   * setup): by the time the expiry check runs, most of its second has
   * passed, so the check waits only for the rest.
   */
  readonly issued?: IssuedToken;
}

export interface IssuedToken {
  readonly accessToken: string;
  /** Seconds, as the token response said; undefined when it said nothing. */
  readonly expiresIn: number | undefined;
  /** Epoch ms when the token response was read. */
  readonly obtainedAt: number;
}

/** A logged-in user whose tokens live in a store file shared by the workers. */
export interface SessionInfo {
  readonly storePath: string;
  /** Things the login noticed and tolerated so that other checks can still run (the auth suite checks them). */
  readonly warnings: readonly string[];
}

export interface TargetInfo {
  readonly project: string;
  readonly version: PlatformVersion;
  readonly embedded: boolean;
  /** Faults of the embedded simulator (empty for a real target). */
  readonly faults: readonly string[];
  readonly baseUrl: string;
  readonly authUrl: string;
  /** The CAS's endpoints where the instance has them elsewhere than the spec's paths below authUrl (src/auth/endpoints.ts). */
  readonly authEndpoints?: EndpointOverrides;
  /** EXTRA_HEADERS: sent with every module request; their values are secrets. */
  readonly extraHeaders?: Readonly<Record<string, string>>;
  readonly client: ClientRegistration;
  /**
   * Embedded runs only: a second instance of the same platform, with the same
   * faults, whose tokens live one second. The expiry check waits a token out
   * there, while the main instance keeps the vendor's one-hour tokens so no
   * refresh happens mid-run.
   */
  readonly shortLived?: ShortLivedTarget;
  readonly fullUser?: UserCredentials;
  readonly limitedUser?: UserCredentials;
  readonly sessions: {
    readonly full?: SessionInfo;
    readonly limited?: SessionInfo;
  };
  /** Why a session could not be opened, when it could not: checks that need it skip with this reason. */
  readonly sessionErrors: { readonly full?: string; readonly limited?: string };
  readonly allowMutations: boolean;
  /** ALLOW_IRREVERSIBLE on a real target: steps the API cannot undo run too (src/check/mutation-guard.ts). */
  readonly allowIrreversible?: boolean;
  readonly expiryMaxWaitSeconds: number;
  /** EXPIRY_LEEWAY_S: how long past expiry the expiry check keeps probing. */
  readonly expiryLeewaySeconds: number;
  readonly requestTimeoutMs: number;
  readonly maxConcurrency: number;
  readonly loginFields: { readonly username?: string; readonly password?: string };
  /**
   * LOGIN_DRIVER=browser: the run's Chromium, launched by the run's setup;
   * every login connects to it. Its endpoint is a capability (whoever has it
   * drives the browser), so it is a secret. Absent: the form driver.
   */
  readonly loginBrowser?: { readonly wsEndpoint: string };
  readonly fixtures: Readonly<Record<string, string>>;
  /** PATH_VERSION_<MODULE> values: what the API client puts for `{version}` (the catalog's segment elsewhere). */
  readonly pathVersions: PathVersions;
  /** SPEC_URL: where the Allure spec links of the target's checks point. */
  readonly specUrl?: string;
}

/** Every secret the target carries, known to `secrets` before the first request. */
/** What a target takes from the configuration as it is, embedded or real. */
export function settingsFromConfig(config: Config): Pick<TargetInfo, 'expiryLeewaySeconds' | 'requestTimeoutMs' | 'maxConcurrency' | 'loginFields' | 'fixtures' | 'pathVersions' | 'specUrl'> {
  return {
    expiryLeewaySeconds: config.expiryLeewaySeconds,
    requestTimeoutMs: config.requestTimeoutMs,
    maxConcurrency: config.maxConcurrency,
    loginFields: config.loginFields,
    fixtures: config.fixtures,
    pathVersions: config.pathVersions,
    ...(config.specUrl !== undefined && { specUrl: config.specUrl }),
  };
}

export function registerTargetSecrets(target: TargetInfo, secrets: SecretRegistry): void {
  secrets.add(target.client.clientSecret);
  secrets.add(target.fullUser?.password);
  secrets.add(target.limitedUser?.password);
  secrets.add(target.shortLived?.client.clientSecret);
  secrets.add(target.shortLived?.user.password);
  // The expiry instance's token, issued by the run's setup (src/run-targets/sessions.ts).
  secrets.add(target.shortLived?.issued?.accessToken);
  secrets.add(target.loginBrowser?.wsEndpoint);
  for (const [name, value] of Object.entries(target.extraHeaders ?? {})) secrets.addHeader(name, value);
}

declare module 'vitest' {
  export interface ProvidedContext {
    runProject: RunProject;
    /** The configuration, validated once by the command that started the run. */
    config: Config;
    targets: TargetInfo[];
  }
  export interface TaskMeta {
    /** The run target a check ran against (TargetInfo.project). */
    target?: string;
    /** That target's platform version. */
    version?: string;
    /** What the target did, in a few words (`200, schema ok`), for the migration report. */
    observed?: string;
  }
}
