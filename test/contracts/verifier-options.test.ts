/**
 * Building the Verifier's options (src/contracts/verify-source.ts) and
 * the own-contract sources they come from (PACT_URLS, PACT_DIR, a broker),
 * the broker path against a local HTTP double of the broker's index: no
 * broker and no verification needed.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { readPactConfig, type PactConfig } from '../../src/config/pact.ts';
import { resolveOwnPactSources, type PactSource } from '../../src/contracts/sources.ts';
import { buildVerifierOptions, type VerifierOptionsInput } from '../../src/contracts/verify-source.ts';
import { HttpClient } from '../../src/http/client.ts';
import { SecretRegistry } from '../../src/http/redact.ts';

const brokerToken = 'broker-token-0123456789';
const seen: IncomingHttpHeaders[] = [];
let broker: Server;
let brokerUrl: string;
let scratch: string;
const http = new HttpClient({ timeoutMs: 2_000, maxConcurrency: 2, secrets: new SecretRegistry() });

beforeAll(async () => {
  // The broker's HAL index, as pact_broker answers it; 401 without the right token.
  broker = createServer((request, response) => {
    seen.push(request.headers);
    // PACT_URLS served over http: a pact, a JSON body that is not one, and a missing file.
    if (request.url === '/pacts/app-platform.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"consumer":{"name":"app"},"provider":{"name":"platform"},"interactions":[]}');
      return;
    }
    if (request.url === '/pacts/not-a-pact.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
      return;
    }
    if (request.url?.startsWith('/pacts/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    if (request.headers.authorization !== `Bearer ${brokerToken}`) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/hal+json' }).end(JSON.stringify({ _links: { 'pb:latest-provider-pacts': { href: `${brokerUrl}/pacts/provider/{provider}/latest` } } }));
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  brokerUrl = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
  scratch = await mkdtemp(join(tmpdir(), 'ug-own-pacts-'));
  await writeFile(join(scratch, 'app-platform.json'), '{"consumer":{"name":"app"},"provider":{"name":"platform"},"interactions":[]}');
  await writeFile(join(scratch, 'notes.txt'), 'not a pact');
});

afterAll(async () => {
  await http.close();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await rm(scratch, { recursive: true, force: true });
});

const filter: VerifierOptionsInput['requestFilter'] = (_request, _response, next) => next();
const base = { providerBaseUrl: 'http://127.0.0.1:4080', stateHandlers: {}, requestFilter: filter, timeoutMs: 5_000, mutationGuardActive: false };

function brokerConfig(extra: Record<string, string | boolean> = {}): PactConfig {
  return readPactConfig({ PACT_BROKER_BASE_URL: brokerUrl, PACT_BROKER_TOKEN: brokerToken, PACT_PROVIDER_NAME: 'marketing-platform', PACT_PUBLISH_RESULTS: false, ...extra });
}

describe('buildVerifierOptions', () => {
  it('verifies local files as pactUrls, never as a broker source, at log level error', () => {
    const options = buildVerifierOptions({ ...base, source: { kind: 'files', label: 'x', files: ['a.json', 'b.json'] } });
    expect(options).toMatchObject({ providerBaseUrl: base.providerBaseUrl, pactUrls: ['a.json', 'b.json'], logLevel: 'error', timeout: 5_000 });
    expect(options.provider).toBeUndefined();
    expect(options.pactBrokerUrl).toBeUndefined();
    expect(options.requestFilter).toBe(filter);
  });

  it('fetches URLs with the broker token when there is one', () => {
    const options = buildVerifierOptions({ ...base, source: { kind: 'urls', label: 'x', urls: ['https://pacts.example.com/p.json'], token: brokerToken } });
    expect(options).toMatchObject({ pactUrls: ['https://pacts.example.com/p.json'], pactBrokerToken: brokerToken });
  });

  it('asks a broker with the provider name and the default consumer version selectors, publishing nothing', () => {
    const source: PactSource = { kind: 'broker', label: 'b', broker: brokerConfig().broker ?? expect.fail('no broker') };
    const options = buildVerifierOptions({ ...base, source });
    expect(options).toMatchObject({
      provider: 'marketing-platform',
      pactBrokerUrl: brokerUrl,
      pactBrokerToken: brokerToken,
      consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }],
      publishVerificationResult: false,
    });
    expect(options.providerVersion).toBeUndefined();
  });

  it('publishes only with PACT_PUBLISH_RESULTS, for the given provider version and branch', () => {
    const config = brokerConfig({ PACT_PUBLISH_RESULTS: true, PACT_PROVIDER_VERSION: '8.0.3', PACT_PROVIDER_BRANCH: 'staging' });
    const source: PactSource = { kind: 'broker', label: 'b', broker: config.broker ?? expect.fail('no broker') };
    const options = buildVerifierOptions({ ...base, source, ...(config.publish && { publish: config.publish }) });
    expect(options).toMatchObject({ publishVerificationResult: true, providerVersion: '8.0.3', providerVersionBranch: 'staging' });
  });

  it('refuses to publish while the mutation guard skips interactions (they would be published as failures)', () => {
    const config = brokerConfig({ PACT_PUBLISH_RESULTS: true, PACT_PROVIDER_VERSION: '8.0.3' });
    const source: PactSource = { kind: 'broker', label: 'b', broker: config.broker ?? expect.fail('no broker') };
    expect(() => buildVerifierOptions({ ...base, source, mutationGuardActive: true, ...(config.publish && { publish: config.publish }) })).toThrowError(/ALLOW_MUTATIONS/);
  });
});

describe('PACT_* configuration', () => {
  const vectors: Array<{ name: string; env: Record<string, string | boolean>; names: string }> = [
    { name: 'broker without provider name', env: { PACT_BROKER_BASE_URL: 'https://broker.example.com' }, names: 'PACT_PROVIDER_NAME' },
    { name: 'token without broker', env: { PACT_BROKER_TOKEN: brokerToken }, names: 'PACT_BROKER_BASE_URL' },
    { name: 'publish without broker', env: { PACT_PUBLISH_RESULTS: true }, names: 'PACT_BROKER_BASE_URL' },
    { name: 'publish without version', env: { PACT_BROKER_BASE_URL: 'https://b.example.com', PACT_PROVIDER_NAME: 'p', PACT_PUBLISH_RESULTS: true }, names: 'PACT_PROVIDER_VERSION' },
    { name: 'selectors not JSON', env: { PACT_BROKER_BASE_URL: 'https://b.example.com', PACT_PROVIDER_NAME: 'p', PACT_CONSUMER_VERSION_SELECTORS: '{mainBranch' }, names: 'PACT_CONSUMER_VERSION_SELECTORS' },
    { name: 'unknown selector', env: { PACT_BROKER_BASE_URL: 'https://b.example.com', PACT_PROVIDER_NAME: 'p', PACT_CONSUMER_VERSION_SELECTORS: '[{"newest":true}]' }, names: 'PACT_CONSUMER_VERSION_SELECTORS' },
  ];
  for (const vector of vectors) {
    it(`fails with CONFIG_INVALID naming the variable: ${vector.name}`, () => {
      expect(() => readPactConfig({ PACT_PUBLISH_RESULTS: false, ...vector.env })).toThrowError(expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringContaining(vector.names) }));
    });
  }

  it('reads the PACT_* variables with the rest of the configuration, the environment over the env file', async () => {
    const file = join(scratch, 'run.env');
    await writeFile(file, 'PACT_DIR=./pacts\nPACT_PUBLISH_RESULTS=false\n');
    const config = loadConfig({ env: { PACT_URLS: 'a.json', PACT_DIR: 'from-env' }, envFile: file }).pact;
    expect(config).toEqual({ urls: ['a.json'], dir: 'from-env' });
    expect(() => loadConfig({ env: { PACT_BROKER_BASE_URL: 'not a url' }, envFile: file })).toThrowError(/PACT_BROKER_BASE_URL/);
  });

  it('reads selectors, splits PACT_URLS and never echoes the token', () => {
    const config = readPactConfig({
      PACT_URLS: ' a.json, https://pacts.example.com/b.json ,',
      PACT_BROKER_BASE_URL: 'https://b.example.com/',
      PACT_PROVIDER_NAME: 'p',
      PACT_BROKER_TOKEN: brokerToken,
      PACT_CONSUMER_VERSION_SELECTORS: '[{"branch":"main"},{"deployed":true,"environment":"production"}]',
      PACT_PUBLISH_RESULTS: false,
    });
    expect(config.urls).toEqual(['a.json', 'https://pacts.example.com/b.json']);
    expect(config.broker).toMatchObject({ url: 'https://b.example.com', consumerVersionSelectors: [{ branch: 'main' }, { deployed: true, environment: 'production' }] });
    try {
      readPactConfig({ PACT_BROKER_TOKEN: brokerToken, PACT_PUBLISH_RESULTS: false });
    } catch (error) {
      expect(String(error)).not.toContain(brokerToken);
    }
  });
});

describe('own pact sources', () => {
  it('reads the .json files of PACT_DIR and checks PACT_URLS files exist', async () => {
    const sources = await resolveOwnPactSources(readPactConfig({ PACT_DIR: scratch, PACT_PUBLISH_RESULTS: false }), http);
    expect(sources).toEqual([{ kind: 'files', label: 'PACT_DIR', files: [join(scratch, 'app-platform.json')] }]);
    await expect(resolveOwnPactSources(readPactConfig({ PACT_URLS: join(scratch, 'missing.json'), PACT_PUBLISH_RESULTS: false }), http)).rejects.toThrowError(/PACT_URLS/);
  });

  it('fetches each PACT_URLS URL before verifying: a pact is a source, anything else stops with one line naming PACT_URLS', async () => {
    const urls = (...paths: string[]): ReturnType<typeof readPactConfig> => readPactConfig({ PACT_URLS: paths.join(','), PACT_PUBLISH_RESULTS: false });
    const sources = await resolveOwnPactSources(urls(`${brokerUrl}/pacts/app-platform.json`), http);
    expect(sources).toEqual([{ kind: 'urls', label: 'PACT_URLS', urls: [`${brokerUrl}/pacts/app-platform.json`] }]);
    // The verifier itself reads any of these as a source with no interaction: a run that would pass on a typo.
    await expect(resolveOwnPactSources(urls(`${brokerUrl}/pacts/app-platfrom.json`), http)).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/^PACT_URLS .*app-platfrom\.json answered 404/) });
    await expect(resolveOwnPactSources(urls(`${brokerUrl}/pacts/not-a-pact.json`), http)).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('is not a pact file') });
    await expect(resolveOwnPactSources(urls('http://127.0.0.1:9/pacts/app-platform.json'), http)).rejects.toMatchObject({ message: expect.stringMatching(/^PACT_URLS http:\/\/127\.0\.0\.1:9\/pacts\/app-platform\.json: /) });
  });

  it('asks the broker for its index with the bearer token before verifying', async () => {
    const sources = await resolveOwnPactSources(brokerConfig(), http);
    expect(sources.map((source) => source.kind)).toEqual(['broker']);
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${brokerToken}`);
    expect(seen.at(-1)?.accept).toContain('application/hal+json');
  });

  it('stops with one line naming PACT_BROKER_TOKEN when the broker refuses it, without echoing it', async () => {
    const refused = resolveOwnPactSources(brokerConfig({ PACT_BROKER_TOKEN: 'wrong-token-0123456789' }), http);
    await expect(refused).rejects.toThrowError(/PACT_BROKER_TOKEN was refused/);
    await expect(refused).rejects.not.toThrowError(/wrong-token-0123456789/);
  });

  it('names PACT_BROKER_BASE_URL when the broker cannot be reached', async () => {
    const closed = readPactConfig({ PACT_BROKER_BASE_URL: 'http://127.0.0.1:9', PACT_PROVIDER_NAME: 'p', PACT_PUBLISH_RESULTS: false });
    await expect(resolveOwnPactSources(closed, http)).rejects.toThrowError(/PACT_BROKER_BASE_URL/);
  });
});
