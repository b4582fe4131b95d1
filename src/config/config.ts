/**
 * Configuration is read once, from `.env` (or `--env-file`) and the
 * environment, validated against the schema, typed and frozen. A bad value
 * is a CONFIG_INVALID error naming the variable (exit code 2).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { UpgradeGuardError } from '../errors.ts';
import { isPlatformVersion, type PlatformVersion } from '../profile/versions.ts';
import { originalEnvironment } from './environment.ts';
import { fixturePrefix } from '../catalog/fixtures.ts';
import { configSchema, configVariables, type ConfigVariable } from './variables.ts';
import { readPactConfig, type PactConfig } from './pact.ts';
import { pathVersionPattern, type PathVersions } from '../catalog/path-versions.ts';
import { refuseUnknownVariables } from './unknown-variables.ts';
import { parseExtraHeaders } from './extra-headers.ts';

export type LoginDriverKind = 'form' | 'browser';

export interface UserCredentials {
  readonly username: string;
  readonly password: string;
}

/** A target that is not the embedded simulator. */
export interface RemoteTarget {
  readonly version: PlatformVersion;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  /** Absent when the run starts from a stored refresh token only. */
  readonly fullUser?: UserCredentials;
  /** Absent: role checks that need a second user are skipped with that reason. */
  readonly limitedUser?: UserCredentials;
  /** Where the CAS's endpoints are, when not at the spec's paths below AUTH_URL (spec §4.1, last sentence). */
  readonly authEndpointSettings: AuthEndpointSettings;
  /**
   * AUTH_DISCOVERY=true: the endpoints the issuer's metadata named, read by the preflight of the command that starts
   * the run (src/run-targets/preflight.ts), which hands the whole run this configuration.
   */
  readonly discovered?: DiscoveredEndpoints;
  /** EXTRA_HEADERS: sent with every module request; their values are secrets. */
  readonly extraHeaders: Readonly<Record<string, string>>;
}

export interface AuthEndpointSettings {
  /** AUTHORIZATION_ENDPOINT */
  readonly authorization?: string;
  /** TOKEN_ENDPOINT */
  readonly token?: string;
  /** AUTH_DISCOVERY */
  readonly discovery: boolean;
}

export interface DiscoveredEndpoints {
  readonly authorization: string;
  readonly token: string;
  /** The metadata document they came from. */
  readonly metadataUrl: string;
}

export interface Config {
  /** Undefined: no BASE_URL, the embedded simulator is the target (both versions). */
  readonly remote?: RemoteTarget;
  readonly allowMutations: boolean;
  /** ALLOW_IRREVERSIBLE: steps whose change the API cannot undo run too (with ALLOW_MUTATIONS); off by default. */
  readonly allowIrreversible: boolean;
  readonly expiryMaxWaitSeconds: number;
  /** How long past `expires_in` the expiry check keeps probing before it calls the token still accepted (EXPIRY_LEEWAY_S). */
  readonly expiryLeewaySeconds: number;
  readonly requestTimeoutMs: number;
  readonly maxConcurrency: number;
  /** RUN_TIMEOUT_S: the run is cut off after this many seconds (reports still written, exit 4); unset, no bound. */
  readonly runTimeoutSeconds?: number;
  /**
   * When the run's RUN_TIMEOUT_S runs out, in ms since the epoch: set by the command that starts the run (not a
   * variable), so every part of it, the suite workers and their Pact verifier children included, stops at one moment.
   */
  readonly runDeadlineAt?: number;
  readonly tokenStorePath: string;
  readonly reportsDir: string;
  readonly loginFields: { readonly username?: string; readonly password?: string };
  /** LOGIN_DRIVER: `form` reads the CAS's HTML forms; `browser` drives them in Chromium (CHROMIUM_PATH), for login pages built by JavaScript. */
  readonly loginDriver: LoginDriverKind;
  /** CHROMIUM_PATH, when set (src/auth/chromium.ts has the default). */
  readonly chromiumPath?: string;
  /** FIXTURE_* variables, keyed by the name after the prefix. */
  readonly fixtures: Readonly<Record<string, string>>;
  /** PATH_VERSION_<MODULE>: the `{version}` segment of a module's paths, where set (src/catalog/path-versions.ts). */
  readonly pathVersions: PathVersions;
  /** OPENAPI_DIR: the vendor's OpenAPI documents; set, every module exchange is checked against them (src/conformance). */
  readonly openapiDir?: string;
  /** SPEC_URL: where the spec is published; the Allure reports' spec links point there (src/check/annotate.ts). */
  readonly specUrl?: string;
  /** HISTORY_DIR: where the Allure history is kept between runs (src/report/allure-html.ts). */
  readonly historyDir?: string;
  /** HISTORY_LIMIT: how many runs that history keeps. */
  readonly historyLimit: number;
  /** The team's own pacts to verify, and whether to publish results (PACT_* variables). */
  readonly pact: PactConfig;
  /**
   * `verify --latency-ms N` (embedded platform only): N ms added to every
   * request the embedded platform answers, its traffic printed per target.
   * A benchmark's slow network; no configuration variable sets it.
   */
  readonly addedLatencyMs?: number;
  /** A real target's round trip as verify's preflight measured it (src/run-targets/preflight.ts); unknown: far. */
  readonly targetRoundTripMs?: number;
}

export interface LoadConfigOptions {
  /** Variables from the process environment (defaults to the environment before vitest touched it). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A dotenv file; `.env` in the working directory when absent. A named file that does not exist is an error. */
  readonly envFile?: string;
}

const ajv = new Ajv({ allErrors: false, coerceTypes: true, useDefaults: true, strict: true });
addFormats.default(ajv, ['uri']);
const validate = ajv.compile<ValidatedVariables>(configSchema);

export function loadConfig(options: LoadConfigOptions = {}): Config {
  const environment = options.env ?? originalEnvironment();
  const fileValues = readEnvFile(options.envFile);
  refuseUnknownVariables(fileValues, options.envFile ?? '.env', environment);
  // The environment wins over the file, as dotenv does.
  const merged: Record<string, string> = {};
  for (const source of [fileValues, environment]) {
    for (const [name, value] of Object.entries(source)) {
      if (value !== undefined && value !== '') merged[name] = value;
    }
  }

  const candidate: Record<string, unknown> = {};
  const fixtures: Record<string, string> = {};
  for (const [name, value] of Object.entries(merged)) {
    if ((configVariables as string[]).includes(name)) candidate[name] = value;
    else if (name.startsWith(fixturePrefix) && name.length > fixturePrefix.length) fixtures[name.slice(fixturePrefix.length)] = value;
  }
  if (typeof candidate.ALLOW_MUTATIONS === 'string') candidate.ALLOW_MUTATIONS = parseBoolean(candidate.ALLOW_MUTATIONS);
  if (typeof candidate.ALLOW_IRREVERSIBLE === 'string') candidate.ALLOW_IRREVERSIBLE = parseBoolean(candidate.ALLOW_IRREVERSIBLE);
  if (typeof candidate.PACT_PUBLISH_RESULTS === 'string') candidate.PACT_PUBLISH_RESULTS = parseBoolean(candidate.PACT_PUBLISH_RESULTS);
  if (typeof candidate.AUTH_DISCOVERY === 'string') candidate.AUTH_DISCOVERY = parseBoolean(candidate.AUTH_DISCOVERY);

  if (!validate(candidate)) throw configError(validate.errors?.[0], merged);
  return Object.freeze(toConfig(candidate, fixtures));
}

type NonStringVariable = 'LOGIN_DRIVER' | 'ALLOW_MUTATIONS' | 'ALLOW_IRREVERSIBLE' | 'AUTH_DISCOVERY' | 'EXPIRY_MAX_WAIT_S' | 'EXPIRY_LEEWAY_S' | 'REQUEST_TIMEOUT_MS' | 'MAX_CONCURRENCY' | 'RUN_TIMEOUT_S' | 'TOKEN_STORE' | 'REPORTS_DIR' | 'PACT_PUBLISH_RESULTS' | 'HISTORY_LIMIT';

/** The variables after validation, coercion and defaults. */
type ValidatedVariables = { [K in Exclude<ConfigVariable, NonStringVariable>]?: string } & {
  LOGIN_DRIVER: LoginDriverKind;
  ALLOW_MUTATIONS: boolean;
  ALLOW_IRREVERSIBLE: boolean;
  AUTH_DISCOVERY: boolean;
  PACT_PUBLISH_RESULTS: boolean;
  EXPIRY_MAX_WAIT_S: number;
  EXPIRY_LEEWAY_S: number;
  REQUEST_TIMEOUT_MS: number;
  MAX_CONCURRENCY: number;
  HISTORY_LIMIT: number;
  RUN_TIMEOUT_S?: number;
  TOKEN_STORE: string;
  REPORTS_DIR: string;
};

function toConfig(values: ValidatedVariables, fixtures: Record<string, string>): Config {
  const remote = values.BASE_URL ? toRemoteTarget(values) : undefined;
  if (!remote) {
    for (const name of ['AUTH_URL', 'TARGET_VERSION', 'CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZATION_ENDPOINT', 'TOKEN_ENDPOINT', 'EXTRA_HEADERS'] as const) {
      if (values[name] !== undefined) throw new UpgradeGuardError('CONFIG_INVALID', `${name} is set but BASE_URL is not: set BASE_URL for a real target, or unset ${name} to use the embedded simulator`);
    }
    if (values.AUTH_DISCOVERY) throw new UpgradeGuardError('CONFIG_INVALID', 'AUTH_DISCOVERY is true but BASE_URL is not set: set BASE_URL for a real target, or unset AUTH_DISCOVERY to use the embedded simulator');
  }
  return {
    ...(remote && { remote }),
    allowMutations: values.ALLOW_MUTATIONS,
    allowIrreversible: values.ALLOW_IRREVERSIBLE,
    expiryMaxWaitSeconds: values.EXPIRY_MAX_WAIT_S,
    expiryLeewaySeconds: values.EXPIRY_LEEWAY_S,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    maxConcurrency: values.MAX_CONCURRENCY,
    ...(values.RUN_TIMEOUT_S !== undefined && { runTimeoutSeconds: values.RUN_TIMEOUT_S }),
    tokenStorePath: values.TOKEN_STORE,
    reportsDir: values.REPORTS_DIR,
    loginFields: Object.freeze({
      ...(values.LOGIN_USERNAME_FIELD && { username: values.LOGIN_USERNAME_FIELD }),
      ...(values.LOGIN_PASSWORD_FIELD && { password: values.LOGIN_PASSWORD_FIELD }),
    }),
    loginDriver: values.LOGIN_DRIVER,
    ...(values.CHROMIUM_PATH !== undefined && { chromiumPath: values.CHROMIUM_PATH }),
    fixtures: Object.freeze(fixtures),
    pathVersions: Object.freeze({
      ...(values.PATH_VERSION_JOB !== undefined && { job: values.PATH_VERSION_JOB }),
      ...(values.PATH_VERSION_PLANNING !== undefined && { planning: values.PATH_VERSION_PLANNING }),
    }),
    ...(values.OPENAPI_DIR !== undefined && { openapiDir: values.OPENAPI_DIR }),
    ...(values.SPEC_URL !== undefined && { specUrl: values.SPEC_URL }),
    ...(values.HISTORY_DIR !== undefined && { historyDir: values.HISTORY_DIR }),
    historyLimit: values.HISTORY_LIMIT,
    pact: readPactConfig(values),
  };
}

function toRemoteTarget(values: ValidatedVariables): RemoteTarget {
  const required = (name: Exclude<ConfigVariable, NonStringVariable>, why: string): string => {
    const value = values[name];
    if (typeof value !== 'string') throw new UpgradeGuardError('CONFIG_INVALID', `${name} is required when BASE_URL is set (${why})`);
    return value;
  };
  const version = required('TARGET_VERSION', '7.4 or 8.0');
  if (!isPlatformVersion(version)) throw new UpgradeGuardError('CONFIG_INVALID', `TARGET_VERSION must be one of 7.4, 8.0 (got "${version}")`);
  const fullUser = pair(values, 'LOGIN_USERNAME', 'LOGIN_PASSWORD');
  const limitedUser = pair(values, 'LIMITED_USERNAME', 'LIMITED_PASSWORD');
  return Object.freeze({
    version,
    baseUrl: stripSlash(required('BASE_URL', 'the platform instance')),
    authUrl: stripSlash(required('AUTH_URL', 'the central authentication service')),
    clientId: required('CLIENT_ID', 'the registered app'),
    clientSecret: required('CLIENT_SECRET', 'the registered app'),
    redirectUri: required('REDIRECT_URI', 'the registered redirect URL'),
    ...(fullUser && { fullUser }),
    ...(limitedUser && { limitedUser }),
    authEndpointSettings: Object.freeze({
      ...(values.AUTHORIZATION_ENDPOINT !== undefined && { authorization: values.AUTHORIZATION_ENDPOINT }),
      ...(values.TOKEN_ENDPOINT !== undefined && { token: values.TOKEN_ENDPOINT }),
      discovery: values.AUTH_DISCOVERY,
    }),
    extraHeaders: values.EXTRA_HEADERS === undefined ? Object.freeze({}) : parseExtraHeaders(values.EXTRA_HEADERS),
  });
}

function pair(values: ValidatedVariables, userVar: 'LOGIN_USERNAME' | 'LIMITED_USERNAME', passVar: 'LOGIN_PASSWORD' | 'LIMITED_PASSWORD'): UserCredentials | undefined {
  const username = values[userVar];
  const password = values[passVar];
  if (username === undefined && password === undefined) return undefined;
  if (username === undefined) throw new UpgradeGuardError('CONFIG_INVALID', `${passVar} is set but ${userVar} is not`);
  if (password === undefined) throw new UpgradeGuardError('CONFIG_INVALID', `${userVar} is set but ${passVar} is not`);
  return Object.freeze({ username, password });
}

/** The variables an env file sets itself (the environment not merged in). */
export function envFileVariables(envFile: string): Record<string, string> {
  return readEnvFile(envFile);
}

function readEnvFile(envFile: string | undefined): Record<string, string> {
  const path = envFile ?? '.env';
  if (!existsSync(path)) {
    if (envFile) throw new UpgradeGuardError('CONFIG_INVALID', `--env-file ${envFile} does not exist`);
    return {};
  }
  try {
    return parseDotenv(readFileSync(path));
  } catch (error) {
    throw new UpgradeGuardError('CONFIG_INVALID', `${path} could not be read: ${(error as Error).message}`);
  }
}

function parseBoolean(value: string): boolean | string {
  const lower = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(lower)) return true;
  if (['false', '0', 'no'].includes(lower)) return false;
  return value;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

const secretVariables = new Set(['CLIENT_SECRET', 'LOGIN_PASSWORD', 'LIMITED_PASSWORD', 'PACT_BROKER_TOKEN', 'EXTRA_HEADERS']);

function configError(error: ErrorObject | undefined, values: Record<string, string>): UpgradeGuardError {
  if (!error) return new UpgradeGuardError('CONFIG_INVALID', 'configuration is invalid');
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    return new UpgradeGuardError('CONFIG_INVALID', `${name} is not a known variable (see .env.example)`);
  }
  const name = error.instancePath.replace(/^\//, '');
  const value = values[name] ?? '';
  // A secret pasted into the wrong variable must not be echoed either.
  const looksSecret = secretVariables.has(name) || [...secretVariables].some((secret) => values[secret] !== undefined && values[secret] === value);
  const shown = looksSecret ? '' : ` (got "${value.length > 60 ? `${value.slice(0, 60)}…` : value}")`;
  const rule = describeRule(error);
  return new UpgradeGuardError('CONFIG_INVALID', `${name} ${rule}${shown}`);
}

function describeRule(error: ErrorObject): string {
  switch (error.keyword) {
    case 'enum':
      return `must be one of ${(error.params.allowedValues as string[]).join(', ')}`;
    case 'type':
      return error.params.type === 'boolean' ? 'must be true or false (1 and yes, 0 and no are read as them too)' : `must be ${error.params.type === 'integer' ? 'a whole number' : `a ${error.params.type}`}`;
    case 'minimum':
    case 'maximum':
      return `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${error.params.limit}`;
    case 'pattern':
      return error.params.pattern === pathVersionPattern ? 'must be one path segment: latest, or v and a version such as v1.0 or v3.20.1' : 'must be an http(s) URL';
    case 'format':
      return 'must be an http(s) URL';
    case 'minLength':
      return 'must not be empty';
    default:
      return error.message ?? 'is invalid';
  }
}
