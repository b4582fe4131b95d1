/**
 * Starts a Keycloak-shaped realm (realm-provider.ts) and a resource server
 * for its tokens on free loopback ports, with fresh secrets, and returns the
 * target's variables as a user would write them: once with the endpoints
 * given (AUTHORIZATION_ENDPOINT, TOKEN_ENDPOINT), once to be discovered
 * (AUTH_DISCOVERY=true), and once as a user who set neither would.
 */
import { randomBytes } from 'node:crypto';
import type { RequestListener, ServerResponse } from 'node:http';
import { freshOAuthCredentials } from '../oauth-credentials.ts';
import { errors } from 'oidc-provider';
import { resourceServer } from '../independent-cas/resource-server.ts';
import { loginActions, loginActionsPath } from './login-actions.ts';
import { createRealmProvider, realmRoutes, withDefaultScope, type RealmBehaviour } from './realm-provider.ts';
import { close, listen, origin } from '../loopback-server.ts';

export interface KeycloakRealmOptions {
  readonly behaviour: RealmBehaviour;
  readonly accessTokenTtlSeconds: number;
  readonly leewaySeconds: number;
  readonly tenant?: string;
  /** The resource server refuses (400) a call without this header (the 8.0 guide's X-User-Login). */
  readonly userContextHeader?: string;
}

export interface KeycloakRealm {
  /** TARGET_VERSION 8.0, BASE_URL, AUTH_URL (the realm), the client, both users: no endpoint setting. */
  readonly env: Readonly<Record<string, string>>;
  /** `env` and AUTHORIZATION_ENDPOINT, TOKEN_ENDPOINT. */
  readonly explicitEnv: Readonly<Record<string, string>>;
  /** `env` and AUTH_DISCOVERY=true. */
  readonly discoveryEnv: Readonly<Record<string, string>>;
  readonly close: () => Promise<void>;
}

export async function startKeycloakRealm(options: KeycloakRealmOptions): Promise<KeycloakRealm> {
  const { accounts, client, publicKey, signingKey } = await freshOAuthCredentials(randomBytes(8).toString('hex'));

  let realmHandler: RequestListener = (_req, res) => res.writeHead(503).end();
  let platformHandler: RequestListener = (_req, res) => res.writeHead(503).end();
  const realmServer = await listen((req, res) => realmHandler(req, res));
  const platform = await listen((req, res) => platformHandler(req, res));
  const realmPath = `/access/realms/${options.tenant ?? 'acme'}`;
  const issuer = `${origin(realmServer)}${realmPath}`;
  const baseUrl = origin(platform);

  const provider = createRealmProvider({
    issuer,
    loginActionsUrl: (uid) => `${realmPath}${loginActionsPath}?${new URLSearchParams({ client_id: client.clientId, tab_id: uid })}`,
    client,
    accounts,
    resource: baseUrl,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    signingKey,
    behaviour: options.behaviour,
  });
  const providerCallback = provider.callback();
  const handleLoginAction = loginActions(provider, realmPath, client.clientId, accounts);
  realmHandler = (req, res) => {
    handleLoginAction(req, res).then(
      (handled) => {
        if (handled) return;
        const url = withDefaultScope(new URL(req.url ?? '/', 'http://realm'));
        if (!url.pathname.startsWith(`${realmPath}/`)) return notFound(res);
        // Mounted below the realm's path, as oidc-provider documents it: it reads the mount from originalUrl.
        const requestLine = `${url.pathname}${url.search}`;
        Object.assign(req, { originalUrl: requestLine, url: requestLine.slice(realmPath.length) });
        void providerCallback(req, res);
      },
      (error: unknown) => renderError(res, error),
    );
  };
  const serveApi = resourceServer({ issuer, audience: baseUrl, verificationKey: publicKey, leewaySeconds: options.leewaySeconds, expiredAnswer: options.behaviour.expiredAnswer, ...(options.userContextHeader && { userContextHeader: options.userContextHeader }) });
  platformHandler = (req, res) => void serveApi(req, res);

  const [full, limited] = [...accounts];
  const env = {
    TARGET_VERSION: '8.0',
    BASE_URL: baseUrl,
    AUTH_URL: issuer,
    CLIENT_ID: client.clientId,
    CLIENT_SECRET: client.clientSecret,
    REDIRECT_URI: client.redirectUri,
    LOGIN_USERNAME: full?.[0] ?? '',
    LOGIN_PASSWORD: full?.[1] ?? '',
    LIMITED_USERNAME: limited?.[0] ?? '',
    LIMITED_PASSWORD: limited?.[1] ?? '',
  };
  return {
    env,
    explicitEnv: { ...env, AUTHORIZATION_ENDPOINT: `${issuer}${realmRoutes.authorization}`, TOKEN_ENDPOINT: `${issuer}${realmRoutes.token}` },
    discoveryEnv: { ...env, AUTH_DISCOVERY: 'true' },
    close: async () => {
      await Promise.all([close(realmServer), close(platform)]);
    },
  };
}

/** Keycloak's answer at a path no realm serves. */
function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
  res.end('<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>Page not found</h1></body></html>');
}

function renderError(res: ServerResponse, error: unknown): void {
  const status = error instanceof errors.OIDCProviderError ? error.statusCode : 500;
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/html;charset=utf-8' });
  res.end(`<!DOCTYPE html><html><head><title>We are sorry...</title></head><body><h1>We are sorry...</h1><p>${status === 500 ? 'Unexpected error when handling authentication request to identity provider.' : 'Your login attempt timed out. Login will start from the beginning.'}</p></body></html>`);
}
