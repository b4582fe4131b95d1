/**
 * What the e2e OAuth servers (the independent CAS, the Keycloak-shaped realm) are set up with: a registered client,
 * the full and the limited user, and an RS256 signing key, all generated fresh for each server (no secret is fixed).
 */
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

export interface OAuthCredentials {
  /** Login name to password: the full user first, then the limited one. */
  readonly accounts: Map<string, string>;
  readonly client: { readonly clientId: string; readonly clientSecret: string; readonly redirectUri: string };
  readonly publicKey: CryptoKey;
  readonly signingKey: JWK & { readonly kid: string };
}

export async function freshOAuthCredentials(kid: string): Promise<OAuthCredentials> {
  const secret = (): string => randomBytes(18).toString('base64url');
  const accounts = new Map([
    ['campaign.manager', secret()],
    ['limited.reader', secret()],
  ]);
  const client = { clientId: `upgrade-guard-${secret()}`, clientSecret: secret(), redirectUri: 'https://integration.upgrade-guard.invalid/callback' };
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { accounts, client, publicKey, signingKey: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } };
}
