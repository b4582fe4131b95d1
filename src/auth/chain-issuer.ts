/**
 * Which configuration a stored refresh-token chain was issued to: the
 * endpoints its login and tokens came from and a salted digest of the client
 * secret it was issued with (never the secret). The store is keyed by instance and client
 * id only, so without this a run whose TARGET_VERSION, AUTH_URL or
 * CLIENT_SECRET is wrong would go on with a chain a right configuration
 * obtained, and report what follows as the target's findings. A chain issued
 * elsewhere is replaced by a new login, which then says what is wrong with
 * the configuration (spec §5.8: a refresh token is bound to the client it was
 * issued to, RFC 6749 §6).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ChainIssuer {
  /** The login's endpoint (its path differs by version, spec §4.1); absent when the writer did not know it. */
  readonly authorizationEndpoint?: string;
  readonly tokenEndpoint: string;
  /** `sha256:<salt hex>:<digest hex>` of the client secret. */
  readonly clientSecretDigest: string;
}

interface IssuedWith {
  readonly authorizationEndpoint?: string;
  readonly tokenEndpoint: string;
  readonly clientSecret: string;
}

function digest(salt: string, secret: string): string {
  return createHash('sha256').update(salt).update('\0').update(secret).digest('hex');
}

/** The issuer stamp of a chain obtained with `issued`; the salt of `earlier` is kept, so the stamp is stable. */
export function chainIssuer(issued: IssuedWith, earlier?: ChainIssuer): ChainIssuer {
  const [scheme, earlierSalt] = earlier?.clientSecretDigest.split(':') ?? [];
  const salt = scheme === 'sha256' && earlierSalt ? earlierSalt : randomBytes(16).toString('hex');
  const authorizationEndpoint = issued.authorizationEndpoint ?? earlier?.authorizationEndpoint;
  return { ...(authorizationEndpoint !== undefined && { authorizationEndpoint }), tokenEndpoint: issued.tokenEndpoint, clientSecretDigest: `sha256:${salt}:${digest(salt, issued.clientSecret)}` };
}

/** Why a chain stamped `stamp` is not this configuration's, or undefined when it is (or carries no stamp). */
export function issuedElsewhere(stamp: ChainIssuer | undefined, current: IssuedWith): string | undefined {
  if (!stamp) return undefined;
  const { authorizationEndpoint } = current;
  if (stamp.authorizationEndpoint !== undefined && authorizationEndpoint !== undefined && stamp.authorizationEndpoint !== authorizationEndpoint) {
    return `by another authorization endpoint (${stamp.authorizationEndpoint}; this run's is ${authorizationEndpoint}: check TARGET_VERSION and AUTH_URL)`;
  }
  if (stamp.tokenEndpoint !== current.tokenEndpoint) return `by another token endpoint (${stamp.tokenEndpoint}; this run's is ${current.tokenEndpoint}: check TARGET_VERSION and AUTH_URL)`;
  const [scheme, salt, hex] = stamp.clientSecretDigest.split(':');
  if (scheme !== 'sha256' || !salt || !hex) return undefined;
  const expected = Buffer.from(digest(salt, current.clientSecret), 'hex');
  const stored = Buffer.from(hex, 'hex');
  return stored.length === expected.length && timingSafeEqual(stored, expected) ? undefined : 'with another client secret (check CLIENT_SECRET)';
}
