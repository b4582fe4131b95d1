/**
 * A stored chain carries the configuration it was issued to (src/auth/chain-issuer.ts): its endpoints and a salted
 * digest of the client secret, never the secret. A chain another configuration obtained is told apart; one stored
 * before the stamp was kept is taken as it is.
 */
import { describe, expect, it } from 'vitest';
import { chainIssuer, issuedElsewhere } from '../../../src/auth/chain-issuer.ts';

const issued = { authorizationEndpoint: 'https://cas.example.com/oauth2/auth', tokenEndpoint: 'https://cas.example.com/api/v1.1/token', clientSecret: 'cs-0123456789' };

describe('the issuer of a stored chain', () => {
  it('holds the endpoints and a salted digest of the secret, never the secret, and keeps its salt', () => {
    const stamp = chainIssuer(issued);
    expect(JSON.stringify(stamp)).not.toContain(issued.clientSecret);
    expect(stamp.clientSecretDigest).toMatch(/^sha256:[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(chainIssuer(issued, stamp)).toEqual(stamp);
    // Another salt, another digest: the same secret is not recognisable across stores.
    expect(chainIssuer(issued).clientSecretDigest).not.toBe(stamp.clientSecretDigest);
  });

  it('tells the same configuration apart from another version\'s endpoint, another token endpoint or another secret', () => {
    const stamp = chainIssuer(issued);
    expect(issuedElsewhere(stamp, issued)).toBeUndefined();
    expect(issuedElsewhere(stamp, { ...issued, authorizationEndpoint: 'https://cas.example.com/api/v1.1/authorization' })).toMatch(/^by another authorization endpoint .*check TARGET_VERSION and AUTH_URL\)$/);
    expect(issuedElsewhere(stamp, { ...issued, tokenEndpoint: 'https://other.example.com/api/v1.1/token' })).toMatch(/^by another token endpoint /);
    expect(issuedElsewhere(stamp, { ...issued, clientSecret: 'cs-wrong' })).toBe('with another client secret (check CLIENT_SECRET)');
  });

  it('takes a chain without a stamp, or with a digest it cannot read, as it is', () => {
    expect(issuedElsewhere(undefined, issued)).toBeUndefined();
    expect(issuedElsewhere({ tokenEndpoint: issued.tokenEndpoint, clientSecretDigest: 'md5:x' }, { ...issued, clientSecret: 'cs-wrong' })).toBeUndefined();
  });
});
