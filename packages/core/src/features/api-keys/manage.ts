/**
 * Making, listing, changing and revoking an owner's API keys: what the endpoints and the server
 * API share. Input is checked here, where its fault is known (`InvalidRequest`, 400).
 */
import type { AdapterApiKey } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import { InvalidRequest } from "../../errors.js";
import { apiKeysCode } from "../../symbols.js";
import type { ApiKeyInfo, ApiKeyOwner, ApiKeysOption } from "../../types/api-key-options.js";
import { ApiKeyNotFound } from "./errors.js";
import { newKey, scopeShape } from "./key.js";
import { keyStore } from "./store.js";
import { record } from "../../config/audit-record.js";
import type { ApiKeysCodeWithVerifier } from "./router.js";

/** What managing keys reads of the context. */
export type ManageContext = Pick<AuthContext, "adapter" | "logger"> & Partial<Pick<AuthContext, "audit">> & { readonly apiKeys?: ApiKeysOption };

/** What a new key is given. */
export interface NewApiKey {
  /** A name for its owner to recognise it by: 1 to 100 characters. */
  name: string;
  /** Permission strings, each 1 to 100 of letters, digits and `:._-/*`; at most 50. Default none. */
  scopes?: readonly string[];
  /** When it stops working; `null` or absent: never. */
  expires?: Date | null;
}

/** What a key's update may change. */
export type ApiKeyChanges = Partial<NewApiKey>;


/** The code of the option (set whenever these run: the rows and the server API are reached only with it). */
export const codeOf = (ctx: { readonly apiKeys?: ApiKeysOption }): ApiKeysCodeWithVerifier => ctx.apiKeys![apiKeysCode] as ApiKeysCodeWithVerifier;

/** A key as its owner sees it. */
export function infoOf(row: AdapterApiKey): ApiKeyInfo {
  return { id: row.id, name: row.name, owner: { type: row.ownerType === "organization" ? "organization" : "user", id: row.ownerId }, scopes: [...row.scopes], createdAt: row.createdAt, expires: row.expires, lastUsedAt: row.lastUsedAt };
}

function nameOf(value: unknown): string {
  if (typeof value !== "string" || !value.trim() || value.length > 100) throw new InvalidRequest("An API key's name is 1 to 100 characters.");
  return value.trim();
}

function scopesOf(value: unknown, allowed: readonly string[] | undefined): string[] {
  if (!Array.isArray(value) || value.length > 50 || !value.every((scope) => typeof scope === "string" && scopeShape.test(scope))) {
    throw new InvalidRequest("An API key's scopes are a list of at most 50 strings of letters, digits and :._-/* (1 to 100 characters each).");
  }
  const other = allowed && (value as string[]).find((scope) => !allowed.includes(scope));
  if (other) throw new InvalidRequest(`An API key's scopes are among those ApiKeys({ scopes }) lists; ${JSON.stringify(other)} is not.`);
  return [...new Set(value as string[])];
}

function expiresOf(value: unknown, now: number): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.getTime() <= now) throw new InvalidRequest("An API key's expiry is a date in the future (ISO 8601), or null for none.");
  return date;
}

/** Makes a key for `owner`: the whole key (shown once, never stored) and the key as listed. */
export async function makeKey(ctx: ManageContext, owner: ApiKeyOwner, input: NewApiKey): Promise<{ key: string; apiKey: ApiKeyInfo }> {
  if ((owner?.type !== "user" && owner?.type !== "organization") || typeof owner.id !== "string" || !owner.id) throw new InvalidRequest('An API key\'s owner is { type: "user", id } or { type: "organization", id }.');
  const now = Date.now();
  const name = nameOf(input.name);
  const scopes = scopesOf(input.scopes ?? [], codeOf(ctx).settings.scopes);
  const expires = expiresOf(input.expires, now);
  const { key, id, hash } = await newKey(codeOf(ctx).settings.prefix);
  const row = await keyStore(ctx).createApiKey({ id, ownerType: owner.type, ownerId: owner.id, name, scopes, hash, createdAt: new Date(now), expires, lastUsedAt: null });
  // An id this instance once found unknown is known from now on.
  codeOf(ctx).verifier.forget(id);
  await record(ctx, { action: "apiKey.created", actorUserId: owner.id, subjectUserId: owner.id, details: { keyId: id, scopes: scopes.join(" ") } });
  return { key, apiKey: infoOf(row) };
}

/** The owner's keys, newest first. */
export async function ownerKeys(ctx: ManageContext, owner: ApiKeyOwner): Promise<ApiKeyInfo[]> {
  const rows = await keyStore(ctx).listApiKeys(owner.type, owner.id);
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(infoOf);
}

/** The owner's key `id`, or throws `ApiKeyNotFound` (another owner's key is never touched). */
async function ownKey(ctx: ManageContext, owner: ApiKeyOwner, id: unknown): Promise<AdapterApiKey> {
  const row = typeof id === "string" && /^[0-9a-f]{16}$/.test(id) ? await keyStore(ctx).getApiKey(id) : null;
  if (!row || row.ownerType !== owner.type || row.ownerId !== owner.id) throw new ApiKeyNotFound("You have no API key with this id.");
  return row;
}

/** Changes the name, scopes or expiry of the owner's key `id`. */
export async function changeKey(ctx: ManageContext, owner: ApiKeyOwner, id: unknown, changes: ApiKeyChanges): Promise<ApiKeyInfo> {
  const row = await ownKey(ctx, owner, id);
  const update: { name?: string; scopes?: string[]; expires?: Date | null } = {};
  if (changes.name !== undefined) update.name = nameOf(changes.name);
  if (changes.scopes !== undefined) update.scopes = scopesOf(changes.scopes, codeOf(ctx).settings.scopes);
  if (changes.expires !== undefined) update.expires = expiresOf(changes.expires, Date.now());
  const updated = await keyStore(ctx).updateApiKey(row.id, update);
  codeOf(ctx).verifier.forget(row.id);
  if (!updated) throw new ApiKeyNotFound("You have no API key with this id.");
  return infoOf(updated);
}

/** Revokes (deletes) the owner's key `id`: refused at once on this instance, within the cache period on the others. */
export async function revokeKey(ctx: ManageContext, owner: ApiKeyOwner, id: unknown): Promise<void> {
  const row = await ownKey(ctx, owner, id);
  await keyStore(ctx).deleteApiKey(row.id);
  codeOf(ctx).verifier.forget(row.id);
  await record(ctx, { action: "apiKey.revoked", actorUserId: owner.id, subjectUserId: owner.id, details: { keyId: row.id } });
}

/** Deletes every key of `owner` (an organization that is gone): refused at once on this instance, within the cache period on the others. */
export async function dropOwnerKeys(ctx: ManageContext, owner: ApiKeyOwner): Promise<void> {
  for (const row of await keyStore(ctx).listApiKeys(owner.type, owner.id)) {
    await keyStore(ctx).deleteApiKey(row.id);
    codeOf(ctx).verifier.forget(row.id);
  }
}
