/**
 * The PACT_* variables: which of the team's own app contracts to verify
 * against the target (files, URLs, a directory, or a Pact Broker with
 * consumer version selectors), and whether to publish the results. Read
 * once with the rest of the configuration; a bad combination is a
 * CONFIG_INVALID error naming the variable.
 */
import { UpgradeGuardError } from '../errors.ts';

/** A consumer version selector of the broker's "pacts for verification" API. */
export interface ConsumerVersionSelector {
  readonly mainBranch?: boolean;
  readonly deployedOrReleased?: boolean;
  readonly deployed?: boolean;
  readonly released?: boolean;
  readonly matchingBranch?: boolean;
  readonly latest?: boolean;
  readonly branch?: string;
  readonly tag?: string;
  readonly fallbackTag?: string;
  readonly consumer?: string;
  readonly environment?: string;
}

export interface PactBrokerConfig {
  readonly url: string;
  /** Secret: registered for redaction wherever it is used. */
  readonly token?: string;
  readonly providerName: string;
  readonly consumerVersionSelectors: readonly ConsumerVersionSelector[];
}

export interface PactPublishConfig {
  readonly providerVersion: string;
  readonly providerBranch?: string;
}

export interface PactConfig {
  /** PACT_URLS, split on commas: pact files or http(s) URLs. */
  readonly urls: readonly string[];
  readonly dir?: string;
  readonly broker?: PactBrokerConfig;
  /** Present only with PACT_PUBLISH_RESULTS=true. */
  readonly publish?: PactPublishConfig;
}

export interface PactVariables {
  readonly PACT_URLS?: string;
  readonly PACT_DIR?: string;
  readonly PACT_BROKER_BASE_URL?: string;
  readonly PACT_BROKER_TOKEN?: string;
  readonly PACT_PROVIDER_NAME?: string;
  readonly PACT_CONSUMER_VERSION_SELECTORS?: string;
  readonly PACT_PUBLISH_RESULTS: boolean;
  readonly PACT_PROVIDER_VERSION?: string;
  readonly PACT_PROVIDER_BRANCH?: string;
}

export const defaultConsumerVersionSelectors: readonly ConsumerVersionSelector[] = [{ mainBranch: true }, { deployedOrReleased: true }];

export function readPactConfig(values: PactVariables): PactConfig {
  const urls = (values.PACT_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  const broker = readBroker(values);
  const publish = readPublish(values, broker);
  return Object.freeze({
    urls: Object.freeze(urls),
    ...(values.PACT_DIR !== undefined && { dir: values.PACT_DIR }),
    ...(broker && { broker }),
    ...(publish && { publish }),
  });
}

function readBroker(values: PactVariables): PactBrokerConfig | undefined {
  const url = values.PACT_BROKER_BASE_URL;
  if (url === undefined) {
    for (const name of ['PACT_BROKER_TOKEN', 'PACT_PROVIDER_NAME', 'PACT_CONSUMER_VERSION_SELECTORS'] as const) {
      if (values[name] !== undefined) throw new UpgradeGuardError('CONFIG_INVALID', `${name} is set but PACT_BROKER_BASE_URL is not`);
    }
    return undefined;
  }
  if (values.PACT_PROVIDER_NAME === undefined) {
    throw new UpgradeGuardError('CONFIG_INVALID', 'PACT_PROVIDER_NAME is required with PACT_BROKER_BASE_URL (the provider name the pacts in the broker use)');
  }
  const selectors = values.PACT_CONSUMER_VERSION_SELECTORS === undefined ? defaultConsumerVersionSelectors : parseSelectors(values.PACT_CONSUMER_VERSION_SELECTORS);
  return Object.freeze({
    url: url.replace(/\/+$/, ''),
    ...(values.PACT_BROKER_TOKEN !== undefined && { token: values.PACT_BROKER_TOKEN }),
    providerName: values.PACT_PROVIDER_NAME,
    consumerVersionSelectors: Object.freeze(selectors),
  });
}

function readPublish(values: PactVariables, broker: PactBrokerConfig | undefined): PactPublishConfig | undefined {
  if (!values.PACT_PUBLISH_RESULTS) return undefined;
  if (!broker) throw new UpgradeGuardError('CONFIG_INVALID', 'PACT_PUBLISH_RESULTS=true needs PACT_BROKER_BASE_URL: results are published to the broker');
  if (values.PACT_PROVIDER_VERSION === undefined) throw new UpgradeGuardError('CONFIG_INVALID', 'PACT_PROVIDER_VERSION is required with PACT_PUBLISH_RESULTS=true');
  return Object.freeze({
    providerVersion: values.PACT_PROVIDER_VERSION,
    ...(values.PACT_PROVIDER_BRANCH !== undefined && { providerBranch: values.PACT_PROVIDER_BRANCH }),
  });
}

const booleanKeys = ['mainBranch', 'deployedOrReleased', 'deployed', 'released', 'matchingBranch', 'latest'] as const;
const stringKeys = ['branch', 'tag', 'fallbackTag', 'consumer', 'environment'] as const;

function parseSelectors(raw: string): ConsumerVersionSelector[] {
  const fail = (why: string): never => {
    throw new UpgradeGuardError('CONFIG_INVALID', `PACT_CONSUMER_VERSION_SELECTORS ${why} (e.g. [{"mainBranch":true},{"deployedOrReleased":true}])`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fail('is not JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return fail('must be a non-empty JSON array of selectors');
  return parsed.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail(`[${index}] must be an object`);
    const selector: { -readonly [K in keyof ConsumerVersionSelector]: ConsumerVersionSelector[K] } = {};
    for (const [key, value] of Object.entries(item)) {
      const booleanKey = booleanKeys.find((known) => known === key);
      const stringKey = stringKeys.find((known) => known === key);
      if (booleanKey !== undefined && typeof value === 'boolean') selector[booleanKey] = value;
      else if (stringKey !== undefined && typeof value === 'string' && value !== '') selector[stringKey] = value;
      else fail(`[${index}].${key} is not a known selector with a ${booleanKey ? 'boolean' : 'string'} value`);
    }
    if (Object.keys(selector).length === 0) fail(`[${index}] selects nothing`);
    return Object.freeze(selector);
  });
}
