/**
 * Starts the independent CAS of one version (oidc-provider, cas-provider.ts)
 * and its resource server on free loopback ports, with fresh secrets, and
 * returns the target's variables as a user would write them in an env file.
 */
import type { RequestListener, ServerResponse } from 'node:http';
import { freshOAuthCredentials } from '../oauth-credentials.ts';
import { errors } from 'oidc-provider';
import { createCasProvider, type CasVersion } from './cas-provider.ts';
import { handleInteraction } from './interactions.ts';
import { resourceServer } from './resource-server.ts';
import { close, listen, origin } from '../loopback-server.ts';

export interface IndependentCasOptions {
  readonly version: CasVersion;
  readonly accessTokenTtlSeconds: number;
  /** The resource server's clock-skew leeway on `exp`. */
  readonly leewaySeconds: number;
}

export interface IndependentCas {
  /** TARGET_VERSION, BASE_URL, AUTH_URL, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI and both users. */
  readonly env: Readonly<Record<string, string>>;
  readonly close: () => Promise<void>;
}

export async function startIndependentCas(options: IndependentCasOptions): Promise<IndependentCas> {
  const { accounts, client, publicKey, signingKey } = await freshOAuthCredentials('cas-signing');

  let casHandler: RequestListener = (_req, res) => res.writeHead(503).end();
  let platformHandler: RequestListener = (_req, res) => res.writeHead(503).end();
  const cas = await listen((req, res) => casHandler(req, res));
  const platform = await listen((req, res) => platformHandler(req, res));
  const issuer = origin(cas);
  const baseUrl = origin(platform);

  const provider = createCasProvider({ version: options.version, issuer, client, accounts, resource: baseUrl, accessTokenTtlSeconds: options.accessTokenTtlSeconds, signingKey });
  const providerCallback = provider.callback();
  casHandler = (req, res) => {
    handleInteraction(provider, accounts, req, res).then(
      (handled) => {
        if (!handled) void providerCallback(req, res);
      },
      (error: unknown) => renderError(res, error),
    );
  };
  const serveApi = resourceServer({ issuer, audience: baseUrl, verificationKey: publicKey, leewaySeconds: options.leewaySeconds });
  platformHandler = (req, res) => void serveApi(req, res);

  const [full, limited] = [...accounts];
  return {
    env: {
      TARGET_VERSION: options.version,
      BASE_URL: baseUrl,
      AUTH_URL: issuer,
      CLIENT_ID: client.clientId,
      CLIENT_SECRET: client.clientSecret,
      REDIRECT_URI: client.redirectUri,
      LOGIN_USERNAME: full?.[0] ?? '',
      LOGIN_PASSWORD: full?.[1] ?? '',
      LIMITED_USERNAME: limited?.[0] ?? '',
      LIMITED_PASSWORD: limited?.[1] ?? '',
    },
    close: async () => {
      await Promise.all([close(cas), close(platform)]);
    },
  };
}

/** An interaction that fails (no interaction cookie, an expired one) gets oidc-provider's status (400 SessionNotFound) and a page. */
function renderError(res: ServerResponse, error: unknown): void {
  const status = error instanceof errors.OIDCProviderError ? error.statusCode : 500;
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>Error</title></head><body><h1>Sign-in error</h1><p>${status === 500 ? 'Internal error' : 'The sign-in request is unknown or expired.'}</p></body></html>`);
}
