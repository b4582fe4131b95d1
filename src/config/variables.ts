/**
 * The environment-variable contract (DESIGN.md "The target contract"), as one
 * JSON Schema. `.env.example` documents the same variables, and a test keeps
 * the two in step.
 */
import { historyLimitBounds } from './history-limit.ts';
import { pathVersionPattern } from '../catalog/path-versions.ts';

export const configSchema = {
  type: 'object',
  properties: {
    TARGET_VERSION: { type: 'string', enum: ['7.4', '8.0'], description: 'platform version of the target' },
    BASE_URL: { type: 'string', format: 'uri', pattern: '^https?://', description: 'base address of the platform instance' },
    AUTH_URL: { type: 'string', format: 'uri', pattern: '^https?://', description: 'base address of the central authentication service' },
    AUTHORIZATION_ENDPOINT: { type: 'string', format: 'uri', pattern: '^https?://', description: "the instance's authorization endpoint (RFC 8414 §2 name), instead of the spec's path below AUTH_URL" },
    TOKEN_ENDPOINT: { type: 'string', format: 'uri', pattern: '^https?://', description: "the instance's token endpoint (RFC 8414 §2 name), instead of the spec's path below AUTH_URL" },
    AUTH_DISCOVERY: { type: 'boolean', default: false, description: "read both endpoints from AUTH_URL's issuer metadata (OpenID Connect Discovery 1.0 §4, else RFC 8414 §3)" },
    EXTRA_HEADERS: { type: 'string', minLength: 1, description: 'headers added to every module request: `Name: value; Name: value`; values are kept out of reports' },
    CLIENT_ID: { type: 'string', minLength: 1 },
    CLIENT_SECRET: { type: 'string', minLength: 1 },
    REDIRECT_URI: { type: 'string', format: 'uri', pattern: '^https?://' },
    LOGIN_USERNAME: { type: 'string', minLength: 1 },
    LOGIN_PASSWORD: { type: 'string', minLength: 1 },
    LIMITED_USERNAME: { type: 'string', minLength: 1 },
    LIMITED_PASSWORD: { type: 'string', minLength: 1 },
    LOGIN_USERNAME_FIELD: { type: 'string', minLength: 1 },
    LOGIN_PASSWORD_FIELD: { type: 'string', minLength: 1 },
    LOGIN_DRIVER: { type: 'string', enum: ['form', 'browser'], default: 'form', description: 'how the login challenge is driven: form (HTML forms, no browser) or browser (the system Chromium)' },
    CHROMIUM_PATH: { type: 'string', minLength: 1, description: 'the Chromium executable LOGIN_DRIVER=browser launches (default /usr/bin/chromium)' },
    ALLOW_MUTATIONS: { type: 'boolean', default: false },
    ALLOW_IRREVERSIBLE: { type: 'boolean', default: false, description: 'with ALLOW_MUTATIONS=true, also runs the steps whose change cannot be undone' },
    EXPIRY_MAX_WAIT_S: { type: 'integer', minimum: 0, maximum: 3600, default: 5 },
    EXPIRY_LEEWAY_S: { type: 'integer', minimum: 0, maximum: 600, default: 30, description: "clock-skew leeway the target's APIs may allow past expires_in" },
    REQUEST_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 600000, default: 10000 },
    MAX_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, default: 8 },
    RUN_TIMEOUT_S: { type: 'integer', minimum: 1, maximum: 86400, description: 'the whole run ends after this many seconds, reports written, exit 4' },
    TOKEN_STORE: { type: 'string', minLength: 1, default: '.upgrade-guard/tokens.json' },
    REPORTS_DIR: { type: 'string', minLength: 1, default: 'reports' },
    PATH_VERSION_JOB: { type: 'string', pattern: pathVersionPattern, description: 'the {version} segment of the job module paths (default: the catalog\'s)' },
    PATH_VERSION_PLANNING: { type: 'string', pattern: pathVersionPattern, description: 'the {version} segment of the planning module paths (default: the catalog\'s)' },
    OPENAPI_DIR: { type: 'string', minLength: 1, description: "a folder of the vendor's OpenAPI documents; every module exchange is checked against them" },
    SPEC_URL: { type: 'string', pattern: '^https?://[^\\s]+$', description: "where the spec is published; Allure's spec links go there, {section} replaced by the section number (4.4)" },
    HISTORY_DIR: { type: 'string', minLength: 1, description: "a folder that keeps the Allure report's history between runs (same as --history DIR)" },
    HISTORY_LIMIT: { type: 'integer', minimum: historyLimitBounds.minimum, maximum: historyLimitBounds.maximum, default: historyLimitBounds.default, description: "how many runs the Allure history keeps (the trend's length); older runs are dropped from HISTORY_DIR/history.jsonl" },
    PACT_URLS: { type: 'string', minLength: 1, description: "comma-separated pact files or http(s) URLs of the team's own app contracts" },
    PACT_DIR: { type: 'string', minLength: 1, description: 'a directory of pact files to verify' },
    PACT_BROKER_BASE_URL: { type: 'string', format: 'uri', pattern: '^https?://', description: 'a Pact Broker to fetch pacts from' },
    PACT_BROKER_TOKEN: { type: 'string', minLength: 1, description: "the broker's bearer token" },
    PACT_PROVIDER_NAME: { type: 'string', minLength: 1, description: 'the platform as the pacts in the broker name their provider' },
    PACT_CONSUMER_VERSION_SELECTORS: { type: 'string', minLength: 2, description: 'JSON array of consumer version selectors' },
    PACT_PUBLISH_RESULTS: { type: 'boolean', default: false, description: 'publish verification results to the broker' },
    PACT_PROVIDER_VERSION: { type: 'string', minLength: 1, description: 'the provider version results are published for' },
    PACT_PROVIDER_BRANCH: { type: 'string', minLength: 1, description: 'the provider branch results are published for' },
  },
  additionalProperties: false,
} as const;

export type ConfigVariable = keyof typeof configSchema.properties;

export const configVariables = Object.keys(configSchema.properties) as ConfigVariable[];

