/**
 * oidc-provider's storage for the Keycloak-shaped realm: in memory, as its
 * own memory adapter keeps it, with one switch. Keycloak's default ("Revoke
 * Refresh Token" off) keeps a refresh token usable after it was used, while
 * each refresh still issues a new one. oidc-provider marks a used refresh
 * token consumed (and revokes its grant when it comes back, RFC 9700
 * §4.14.2); a store that does not record that consumption gives Keycloak's
 * behaviour, with oidc-provider's protocol code unchanged.
 */
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  readonly expiresAt: number | undefined;
}

export function realmAdapter(options: { readonly refreshTokensReusable: boolean }): AdapterConstructor {
  const store = new Map<string, Entry>();
  const key = (model: string, id: string): string => `${model}:${id}`;
  const live = (entry: Entry | undefined): AdapterPayload | undefined =>
    entry && (entry.expiresAt === undefined || entry.expiresAt > Date.now()) ? entry.payload : undefined;

  return class RealmAdapter implements Adapter {
    readonly #model: string;

    constructor(model: string) {
      this.#model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      store.set(key(this.#model, id), { payload: { ...payload }, expiresAt: expiresIn === undefined ? undefined : Date.now() + expiresIn * 1000 });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return live(store.get(key(this.#model, id)));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      for (const [name, entry] of store) if (name.startsWith(`${this.#model}:`) && entry.payload.uid === uid) return live(entry);
      return undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      for (const [name, entry] of store) if (name.startsWith(`${this.#model}:`) && entry.payload.userCode === userCode) return live(entry);
      return undefined;
    }

    async consume(id: string): Promise<void> {
      if (this.#model === 'RefreshToken' && options.refreshTokensReusable) return;
      const entry = store.get(key(this.#model, id));
      if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
    }

    async destroy(id: string): Promise<void> {
      store.delete(key(this.#model, id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [name, entry] of store) if (entry.payload.grantId === grantId) store.delete(name);
    }
  };
}
