/**
 * The persisted token state of a real target: the refresh-token chain that
 * nightly CI keeps alive between runs (DESIGN.md "Who uses it"). Refresh
 * tokens are single use (spec §5.8, §8), so losing a rotated one kills the
 * chain: every write is atomic (see atomic-file.ts), and the token manager
 * writes the new pair before it hands the new access token to anyone.
 *
 * File format (JSON, mode 0600):
 * `{ version: 1, target, refreshToken, accessToken?, obtainedAt?, expiresAt?, updatedAt, expiredAccessToken?, issuedBy? }`.
 */
import { dirname } from 'node:path';
import { UpgradeGuardError } from '../errors.ts';
import type { SecretRegistry } from '../http/redact.ts';
import { ensureDirectory } from '../files/ensure-directory.ts';
import { FILE_OPERATION_TIMEOUT_MS, withinTime } from '../files/within-time.ts';
import { readRegularFile } from '../files/read-regular-file.ts';
import { writeFileAtomic, type AtomicWriteOptions } from './atomic-file.ts';
import type { ChainIssuer } from './chain-issuer.ts';

export const TOKEN_STORE_FORMAT = 1;

/** An access token kept after it was replaced, for the expiry check of a later run (spec §5.7: an expired token gets 403). */
export interface RetiredAccessToken {
  readonly token: string;
  /** Epoch ms; the token is expired from then on. */
  readonly expiresAt: number;
}

export interface StoredTokens {
  readonly version: typeof TOKEN_STORE_FORMAT;
  /** Whose chain this is: {@link tokenStoreTarget}. */
  readonly target: string;
  readonly refreshToken: string;
  readonly accessToken?: string;
  /** Epoch ms when the access token was issued (for the refresh margin, token-manager.ts `refreshMargin`). */
  readonly obtainedAt?: number;
  /** Epoch ms when the access token expires. */
  readonly expiresAt?: number;
  /** ISO 8601. */
  readonly updatedAt: string;
  readonly expiredAccessToken?: RetiredAccessToken;
  /** The configuration the chain was issued to (chain-issuer.ts); absent in a store written before it was kept. */
  readonly issuedBy?: ChainIssuer;
}

/** What a writer supplies; `version`, `target` and `updatedAt` are the store's. */
export type TokenState = Omit<StoredTokens, 'version' | 'target' | 'updatedAt'>;

/** The key of a chain: the platform instance and the registered app. */
export function tokenStoreTarget(baseUrl: string, clientId: string): string {
  return `${baseUrl.replace(/\/+$/, '')} client_id=${clientId}`;
}

export interface TokenStoreOptions {
  /** Registry the stored tokens are added to when read: the one of the client that uses them. */
  readonly secrets: SecretRegistry;
  /** Test seam passed to {@link writeFileAtomic}. */
  readonly tmpfileCreated?: AtomicWriteOptions['tmpfileCreated'];
  /** Bound of one read or write of the file (a FIFO or a hung mount must not hang the run); see within-time.ts. */
  readonly timeoutMs?: number;
}

export class TokenStore {
  readonly path: string;
  readonly target: string;
  readonly #secrets: SecretRegistry;
  readonly #tmpfileCreated: AtomicWriteOptions['tmpfileCreated'];
  readonly #timeoutMs: number | undefined;

  constructor(path: string, target: string, options: TokenStoreOptions) {
    this.path = path;
    this.target = target;
    this.#secrets = options.secrets;
    this.#tmpfileCreated = options.tmpfileCreated;
    this.#timeoutMs = options.timeoutMs;
  }

  /** The lock file that serialises refreshes of this store across processes. */
  get lockPath(): string {
    return `${this.path}.lock`;
  }

  /**
   * The stored state, or undefined when there is no file. A file that cannot
   * be read or parsed, or that holds another target's chain, is a TOKEN_STORE
   * error naming the path.
   */
  async read(): Promise<StoredTokens | undefined> {
    let text: string;
    try {
      // Never blocks on a FIFO or a device at TOKEN_STORE: only a regular file is read (read-regular-file.ts).
      text = await withinTime(readRegularFile(this.path), () => this.#timedOut('read'), this.#timeoutMs);
    } catch (error) {
      if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      if (error instanceof UpgradeGuardError) throw error;
      throw new UpgradeGuardError('TOKEN_STORE', `the token store ${this.path} (TOKEN_STORE) could not be read: ${(error as Error).message}`, { cause: error });
    }
    const stored = parseStored(text);
    if (typeof stored === 'string') {
      throw new UpgradeGuardError('TOKEN_STORE', `the token store ${this.path} (TOKEN_STORE) is corrupt: ${stored}; delete it and log in again (LOGIN_USERNAME / LOGIN_PASSWORD)`);
    }
    for (const value of [stored.refreshToken, stored.accessToken, stored.expiredAccessToken?.token]) this.#secrets.add(value);
    if (stored.target !== this.target) {
      throw new UpgradeGuardError('TOKEN_STORE', `the token store ${this.path} (TOKEN_STORE) holds the chain of ${stored.target}, not of ${this.target}; point TOKEN_STORE at another file for this target`);
    }
    return stored;
  }

  /** Replaces the stored state atomically and returns what was written. */
  async write(state: TokenState, now: number = Date.now()): Promise<StoredTokens> {
    const stored: StoredTokens = { version: TOKEN_STORE_FORMAT, target: this.target, ...state, updatedAt: new Date(now).toISOString() };
    for (const value of [stored.refreshToken, stored.accessToken, stored.expiredAccessToken?.token]) this.#secrets.add(value);
    try {
      const write = writeFileAtomic(this.path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, ...(this.#tmpfileCreated && { tmpfileCreated: this.#tmpfileCreated }) });
      await withinTime(write, () => this.#timedOut('written'), this.#timeoutMs);
    } catch (error) {
      if (error instanceof UpgradeGuardError) throw error;
      const detail = this.#secrets.scrub(error instanceof Error ? error.message : String(error));
      throw new UpgradeGuardError('TOKEN_STORE', `the token store ${this.path} (TOKEN_STORE) could not be written: ${detail}`, { cause: error });
    }
    return stored;
  }

  #timedOut(what: 'read' | 'written'): UpgradeGuardError {
    return new UpgradeGuardError('TOKEN_STORE', `the token store ${this.path} (TOKEN_STORE) could not be ${what}: no answer from the file system within ${Math.round((this.#timeoutMs ?? FILE_OPERATION_TIMEOUT_MS) / 1000)} s`);
  }
}

/**
 * Creates the directory of the token store (mode 0700) before a run logs in, so a TOKEN_STORE that cannot
 * hold a file fails at once, in bounded time, instead of after a login whose chain then has nowhere to go.
 */
export async function ensureTokenStoreDirectory(path: string, timeoutMs?: number): Promise<void> {
  const directory = dirname(path);
  const failed = (detail: string): UpgradeGuardError => new UpgradeGuardError('TOKEN_STORE', `the directory ${directory} of the token store ${path} (TOKEN_STORE) could not be created: ${detail}`);
  try {
    await withinTime(ensureDirectory(directory, 0o700), () => failed('no answer from the file system in time'), timeoutMs);
  } catch (error) {
    if (error instanceof UpgradeGuardError) throw error;
    throw failed(error instanceof Error ? error.message : String(error));
  }
}

/** The parsed store, or a string saying what is wrong with it. */
function parseStored(text: string): StoredTokens | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const record = value as Record<string, unknown>;
  if (record.version !== TOKEN_STORE_FORMAT) return `format version ${JSON.stringify(record.version ?? null)} is not ${TOKEN_STORE_FORMAT}`;
  if (typeof record.target !== 'string') return '"target" is missing';
  if (typeof record.refreshToken !== 'string' || record.refreshToken === '') return '"refreshToken" is missing';
  if (typeof record.updatedAt !== 'string') return '"updatedAt" is missing';
  for (const name of ['accessToken'] as const) {
    if (record[name] !== undefined && typeof record[name] !== 'string') return `"${name}" is not a string`;
  }
  for (const name of ['obtainedAt', 'expiresAt'] as const) {
    if (record[name] !== undefined && typeof record[name] !== 'number') return `"${name}" is not a number`;
  }
  const retired = record.expiredAccessToken;
  let expiredAccessToken: RetiredAccessToken | undefined;
  if (retired !== undefined) {
    if (retired === null || typeof retired !== 'object') return '"expiredAccessToken" is not an object';
    const { token, expiresAt } = retired as Record<string, unknown>;
    if (typeof token !== 'string' || typeof expiresAt !== 'number') return '"expiredAccessToken" needs "token" and "expiresAt"';
    expiredAccessToken = { token, expiresAt };
  }
  const issuer = record.issuedBy;
  let issuedBy: ChainIssuer | undefined;
  if (issuer !== undefined) {
    if (issuer === null || typeof issuer !== 'object') return '"issuedBy" is not an object';
    const { authorizationEndpoint, tokenEndpoint, clientSecretDigest } = issuer as Record<string, unknown>;
    if (typeof tokenEndpoint !== 'string' || typeof clientSecretDigest !== 'string') return '"issuedBy" needs "tokenEndpoint" and "clientSecretDigest"';
    if (authorizationEndpoint !== undefined && typeof authorizationEndpoint !== 'string') return '"issuedBy.authorizationEndpoint" is not a string';
    issuedBy = { ...(typeof authorizationEndpoint === 'string' && { authorizationEndpoint }), tokenEndpoint, clientSecretDigest };
  }
  return {
    version: TOKEN_STORE_FORMAT,
    target: record.target,
    refreshToken: record.refreshToken,
    ...(typeof record.accessToken === 'string' && { accessToken: record.accessToken }),
    ...(typeof record.obtainedAt === 'number' && { obtainedAt: record.obtainedAt }),
    ...(typeof record.expiresAt === 'number' && { expiresAt: record.expiresAt }),
    updatedAt: record.updatedAt,
    ...(expiredAccessToken && { expiredAccessToken }),
    ...(issuedBy && { issuedBy }),
  };
}
