/**
 * The provider's storage in this process's memory: the default, for development and a single
 * instance. One store per `OAuthProvider`, so the provider rebuilt after a key rotation keeps its
 * codes, tokens, grants and sessions.
 */
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AdapterFactory } from "./state.js";

interface Entry {
  payload: AdapterPayload;
  expiresAt: number | undefined;
}

/** A memory store shared by every model of one provider (and its rebuilds). */
export function memoryStorage(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byUserCode = new Map<string, string>();
  const byUid = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();
  const live = (key: string | undefined): Entry | undefined => {
    if (key === undefined) return undefined;
    const entry = entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return class MemoryModels implements Adapter {
    /** The live grants of `accountId`. */
    static async grantsOf(accountId: string): Promise<AdapterPayload[]> {
      return [...entries.keys()].filter((key) => key.startsWith("Grant:")).map((key) => live(key)?.payload).filter((payload): payload is AdapterPayload => payload?.accountId === accountId);
    }
    constructor(readonly kind: string) {}
    #key(id: string) {
      return `${this.kind}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const key = this.#key(id);
      entries.set(key, { payload: { ...payload }, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
      if (payload.userCode) byUserCode.set(`${this.kind}:${payload.userCode}`, key);
      if (payload.uid) byUid.set(`${this.kind}:${payload.uid}`, key);
      if (payload.grantId) {
        let keys = byGrant.get(payload.grantId);
        if (!keys) byGrant.set(payload.grantId, (keys = new Set()));
        keys.add(key);
      }
    }
    async find(id: string) {
      return live(this.#key(id))?.payload;
    }
    async findByUserCode(userCode: string) {
      return live(byUserCode.get(`${this.kind}:${userCode}`))?.payload;
    }
    async findByUid(uid: string) {
      return live(byUid.get(`${this.kind}:${uid}`))?.payload;
    }
    async consume(id: string): Promise<void> {
      const entry = live(this.#key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string): Promise<void> {
      entries.delete(this.#key(id));
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    }
  };
}
