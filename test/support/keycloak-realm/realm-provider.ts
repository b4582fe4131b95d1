/**
 * A Keycloak-shaped 8.0 identity service built from oidc-provider (a
 * certified OAuth server nobody here wrote), as the vendor's 8.0
 * authentication guide and Keycloak's documented defaults describe it
 * (DESIGN.md "Facts about a real 8.0 instance"): one realm per tenant, its
 * endpoints at `/access/realms/{tenant}/protocol/openid-connect/{auth,token}`,
 * its metadata at `…/.well-known/openid-configuration`, no consent screen,
 * JWT access tokens, and Keycloak's extra token response members.
 *
 * What Keycloak does by default and the spec does not is a behaviour the
 * test picks (RealmBehaviour): the realm that keeps the spec shows that the
 * suites pass wherever the server keeps it, whatever its paths.
 *
 * Test support only: the protocol is oidc-provider's; this file sets its
 * options and adds the members and parameters Keycloak adds.
 */
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** A context of the provider's Koa middleware; oidc-provider puts `oidc` on it once its router ran. */
type MiddlewareContext = Parameters<Parameters<Provider['use']>[0]>[0] & { oidc?: KoaContextWithOIDC['oidc'] };
import type { CasClient } from '../independent-cas/cas-provider.ts';
import { realmAdapter } from './realm-adapter.ts';

/** Where Keycloak and the spec part ways; the test sets each. */
export interface RealmBehaviour {
  /** Keycloak: 401 with WWW-Authenticate: Bearer error="invalid_token" (RFC 6750 §3.1); spec §5.7: 403. */
  readonly expiredAnswer: 'rfc6750-401' | 'spec-403';
  /** Keycloak's "Revoke Refresh Token" off: an old refresh token stays usable; spec §5.8, §8: single use. */
  readonly refreshTokensReusable: boolean;
  /** The 8.0 guide: Client Credentials for system-to-system calls; spec §5.9: only the authorization code. */
  readonly clientCredentials: boolean;
  /** Keycloak answers a wrong client secret with `unauthorized_client`; RFC 6749 §5.2 names `invalid_client`. */
  readonly wrongSecretError: 'unauthorized_client' | 'invalid_client';
}

export const keycloakDefaults: RealmBehaviour = { expiredAnswer: 'rfc6750-401', refreshTokensReusable: true, clientCredentials: true, wrongSecretError: 'unauthorized_client' };
export const specKeeping: RealmBehaviour = { expiredAnswer: 'spec-403', refreshTokensReusable: false, clientCredentials: false, wrongSecretError: 'invalid_client' };

/** Below the realm's path, as Keycloak names them. */
export const realmRoutes = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  end_session: '/protocol/openid-connect/logout',
} as const;

export interface RealmProviderOptions {
  /** `{origin}/access/realms/{tenant}`: Keycloak's issuer is the realm. */
  readonly issuer: string;
  /** Where the login pages are (login-actions.ts). */
  readonly loginActionsUrl: (uid: string) => string;
  readonly client: CasClient;
  readonly accounts: ReadonlyMap<string, string>;
  readonly resource: string;
  readonly accessTokenTtlSeconds: number;
  readonly signingKey: JWK;
  readonly behaviour: RealmBehaviour;
}

const realmScope = 'openid offline_access';

export function createRealmProvider(options: RealmProviderOptions): Provider {
  const { client, behaviour } = options;
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token', ...(behaviour.clientCredentials ? ['client_credentials'] : [])],
        token_endpoint_auth_method: 'client_secret_post',
        scope: realmScope,
      },
    ],
    adapter: realmAdapter({ refreshTokensReusable: behaviour.refreshTokensReusable }),
    routes: realmRoutes,
    interactions: { url: (_ctx, interaction) => options.loginActionsUrl(interaction.uid) },
    findAccount: (_ctx, id) => (options.accounts.has(id) ? { accountId: id, claims: () => ({ sub: id, preferred_username: id }) } : undefined),
    // Keycloak's clients have "Consent Required" off by default: the grant is made at the login, no screen shown.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const registered = ctx.oidc.client;
      if (!session?.accountId || !registered) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(registered.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: registered.clientId, accountId: session.accountId });
      grant.addOIDCScope(realmScope);
      grant.addResourceScope(options.resource, realmScope);
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [options.signingKey] },
    allowOmittingSingleRegisteredRedirectUri: false,
    // Each refresh issues a new refresh token, as Keycloak does; whether the old one still works is the adapter's.
    rotateRefreshToken: true,
    issueRefreshToken: (_ctx, registered) => registered.grantTypeAllowed('refresh_token'),
    ttl: { AccessToken: options.accessTokenTtlSeconds, AuthorizationCode: 60, ClientCredentials: options.accessTokenTtlSeconds, RefreshToken: 1800, Grant: 3600, Interaction: 600, Session: 600, IdToken: 600 },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      clientCredentials: { enabled: behaviour.clientCredentials },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.resource) throw new errors.InvalidTarget();
          return { scope: realmScope, audience: options.resource, accessTokenTTL: options.accessTokenTtlSeconds, accessTokenFormat: 'jwt' };
        },
      },
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    keycloakResponse(ctx, options);
  });
  return provider;
}

/**
 * Spec §4.1: the 8.0 request carries no scope; Keycloak then grants the client's default scopes (RFC 6749 §3.3),
 * which oidc-provider has no option for. Added to the request line before the provider reads it (a rewrite of the
 * query inside it would hide the realm's mount path from it).
 */
export function withDefaultScope(url: URL): URL {
  if (url.pathname.endsWith(realmRoutes.authorization) && !url.searchParams.has('scope')) url.searchParams.set('scope', 'openid');
  return url;
}

/** What Keycloak adds to oidc-provider's answers: redirect parameters, token response members, its error code. */
function keycloakResponse(ctx: MiddlewareContext, options: RealmProviderOptions): void {
  const location = ctx.response.get('location') ?? '';
  if (location.startsWith(options.client.redirectUri)) {
    // Keycloak's redirect back carries session_state, and iss (RFC 9207) as of Keycloak 18.
    const url = new URL(location);
    url.searchParams.set('session_state', sessionState(ctx));
    if (!url.searchParams.has('iss')) url.searchParams.set('iss', options.issuer);
    ctx.response.set('location', url.href);
    return;
  }
  if (ctx.path !== realmRoutes.token || !ctx.body || typeof ctx.body !== 'object') return;
  const body = ctx.body as Record<string, unknown>;
  if (ctx.status === 200 && typeof body.access_token === 'string') {
    ctx.body = { ...body, refresh_expires_in: 1800, 'not-before-policy': 0, session_state: sessionState(ctx) };
  } else if (ctx.status === 401 && body.error === 'invalid_client' && options.behaviour.wrongSecretError === 'unauthorized_client') {
    ctx.body = { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' };
  }
}

function sessionState(ctx: MiddlewareContext): string {
  return ctx.oidc?.session?.uid ?? randomBytes(16).toString('hex');
}
