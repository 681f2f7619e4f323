/**
 * In-memory storage for the OpenID Provider: one store per provider instance, shared by the
 * models oidc-provider persists (sessions, interactions, codes, tokens, grants and clients).
 *
 * oidc-provider ships a similar development adapter but announces it on the console; this one
 * is silent and lets the provider register clients at run time.
 */
import type { Adapter, AdapterPayload } from "oidc-provider";

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds after which the entry is gone; `Infinity` when it never expires. */
  expiresAt: number;
}

/** Every record of one provider, keyed by model name and id. */
export class ProviderStore {
  readonly #entries = new Map<string, Entry>();
  /** Secondary keys (session uid, device user code) to primary keys. */
  readonly #aliases = new Map<string, string>();
  /** Grant id to the keys of the records issued under it. */
  readonly #byGrant = new Map<string, Set<string>>();
  #writes = 0;

  /** The adapter oidc-provider uses for `model`. Pass `(model) => store.adapter(model)` as `adapter`. */
  adapter(model: string): Adapter {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id, payload, expiresIn) => this.#put(key(id), model, payload, expiresIn),
      find: async (id) => this.#get(key(id)),
      findByUid: async (uid) => this.#getAlias(`${model}:uid:${uid}`),
      findByUserCode: async (userCode) => this.#getAlias(`${model}:userCode:${userCode}`),
      // Marks a one-time artifact (an authorization code) as used; the provider refuses its
      // reuse and revokes what was issued with it (RFC 6749 section 4.1.2).
      consume: async (id) => {
        const entry = this.#live(key(id));
        if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
      },
      destroy: async (id) => {
        this.#entries.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const k of this.#byGrant.get(grantId) ?? []) this.#entries.delete(k);
        this.#byGrant.delete(grantId);
      },
    };
  }

  /** Stores client metadata so that `Client.find` resolves it; replaces a client of the same id. */
  putClient(metadata: AdapterPayload & { client_id: string }): void {
    this.#put(`Client:${metadata.client_id}`, "Client", metadata, undefined);
  }

  /** Removes a client registered with {@link ProviderStore.putClient}. */
  deleteClient(clientId: string): void {
    this.#entries.delete(`Client:${clientId}`);
  }

  #put(key: string, model: string, payload: AdapterPayload, expiresIn: number | undefined): void {
    if (++this.#writes % 1000 === 0) this.#sweep();
    const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
    this.#entries.set(key, { payload: structuredClone(payload), expiresAt });
    if (payload.uid) this.#aliases.set(`${model}:uid:${payload.uid}`, key);
    if (payload.userCode) this.#aliases.set(`${model}:userCode:${payload.userCode}`, key);
    if (payload.grantId) {
      const keys = this.#byGrant.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      this.#byGrant.set(payload.grantId, keys);
    }
  }

  /** Drops expired records and the indexes pointing at them, so that a long-running provider stays small. */
  #sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    for (const [alias, key] of this.#aliases) if (!this.#entries.has(key)) this.#aliases.delete(alias);
    for (const [grantId, keys] of this.#byGrant) {
      for (const key of keys) if (!this.#entries.has(key)) keys.delete(key);
      if (keys.size === 0) this.#byGrant.delete(grantId);
    }
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #get(key: string): AdapterPayload | undefined {
    const entry = this.#live(key);
    return entry ? structuredClone(entry.payload) : undefined;
  }

  #getAlias(alias: string): AdapterPayload | undefined {
    const key = this.#aliases.get(alias);
    return key ? this.#get(key) : undefined;
  }
}
