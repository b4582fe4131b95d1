/**
 * An OAuth 2.0 server nobody here wrote, set up as the platform's CAS:
 * panva's oidc-provider (OpenID certified), configured with the spec's paths
 * and parameters (spec §4.1: 7.4 authorizes at `/api/v1.1/authorization`,
 * 8.0 at `/oauth2/auth`, both exchange at `/api/v1.1/token` with
 * `client_secret_post`), refresh-token rotation with reuse revocation
 * (spec §5.8, §8; RFC 9700 §4.14.2), short-lived JWT access tokens for the
 * platform as its one resource server (RFC 8707, RFC 9068).
 *
 * Test support only: the server's behaviour is oidc-provider's; this file
 * only sets its options. The login and consent pages are in
 * `interactions.ts` (oidc-provider leaves them to the deployment).
 */
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import Provider, { errors, type Configuration } from 'oidc-provider';

export type CasVersion = '7.4' | '8.0';

/** Spec §4.1: the authorization endpoint of each version; the token endpoint is shared. */
export const casPaths = {
  authorization: { '7.4': '/api/v1.1/authorization', '8.0': '/oauth2/auth' },
  token: '/api/v1.1/token',
} as const;

export interface CasClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

export interface CasProviderOptions {
  readonly version: CasVersion;
  /** {auth_url}: the issuer identifier, the server's own origin. */
  readonly issuer: string;
  readonly client: CasClient;
  /** Login to password. */
  readonly accounts: ReadonlyMap<string, string>;
  /** {base_url}: the platform, the one resource server tokens are issued for. */
  readonly resource: string;
  readonly accessTokenTtlSeconds: number;
  /** Private signing key (JWK) for ID tokens and JWT access tokens. */
  readonly signingKey: JWK;
}

/** The scopes the registered app may be granted; the consent step refuses any other (interactions.ts). */
export const registeredScope = 'openid offline_access';

export function createCasProvider(options: CasProviderOptions): Provider {
  const { client, version } = options;
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        // Spec §5.9: the authorization code grant, plus refresh.
        grant_types: ['authorization_code', 'refresh_token'],
        // Spec §4.1: client_id and client_secret are form fields of the token request.
        token_endpoint_auth_method: 'client_secret_post',
        scope: registeredScope,
      },
    ],
    routes: { authorization: casPaths.authorization[version], token: casPaths.token },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => (options.accounts.has(id) ? { accountId: id, claims: () => ({ sub: id }) } : undefined),
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [options.signingKey] },
    // Spec §4.1: every form field of the code exchange is required, redirect_uri included.
    allowOmittingSingleRegisteredRedirectUri: false,
    // Spec §4.1, §5.8, §8: each refresh issues a completely new pair; the old refresh token is spent.
    rotateRefreshToken: true,
    // Spec §2: every token response carries a refresh token (not only for offline_access).
    issueRefreshToken: (_ctx, registered) => registered.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      RefreshToken: 3600,
      Grant: 3600,
      Interaction: 600,
      Session: 600,
      IdToken: 600,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      // RFC 8707 / RFC 9068: access tokens are JWTs for the platform, which validates them itself.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.resource) throw new errors.InvalidTarget();
          return { scope: registeredScope, audience: options.resource, accessTokenTTL: options.accessTokenTtlSeconds, accessTokenFormat: 'jwt' };
        },
      },
    },
  };
  const provider = new Provider(options.issuer, configuration);
  if (version === '8.0') applyDefaultScope(provider, casPaths.authorization[version]);
  return provider;
}

/**
 * The 8.0 authorization request carries no `scope` (spec §4.1), and
 * oidc-provider refuses a request that grants no scope (`access_denied`).
 * RFC 6749 §3.3 lets a server use "a pre-defined default value" instead;
 * oidc-provider has no option for one, so the deployment adds it before the
 * request is read. The 7.4 CAS gets none: there `scope` is required.
 */
function applyDefaultScope(provider: Provider, authorizationPath: string): void {
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === authorizationPath && ctx.query.scope === undefined) ctx.query = { ...ctx.query, scope: defaultScope };
    await next();
  });
}

const defaultScope = 'openid';
