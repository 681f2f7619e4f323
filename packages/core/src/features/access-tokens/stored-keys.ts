/**
 * Signing keys stored through the adapter: made at random when none can sign, one generation after
 * another (a conditional insert, so instances that rotate together make one key and read it), the
 * private half sealed with a key derived from the secret. A replaced key stays published for the
 * grace period, so the tokens it signed verify until they have expired.
 */
import type { Adapter, AdapterSigningKey } from "../../adapter.js";
import { guardMethods } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import { openJwt, sealJwt } from "../../crypto/index.js";
import { generateSigningKey, labelledPrivateJwk, signingKeyFromJwk, type KeyRing, type PublicJwk, type SigningAlgorithm, type SigningKey, type JWK } from "../../crypto/signing.js";
import type { AccessTokenSettings } from "../../types/access-token-options.js";
import { signingKeyMethods } from "./adapter-methods.js";

type KeyStore = Required<Pick<Adapter, "listSigningKeys" | "createSigningKey">>;

// The salt of the key that seals private keys: no cookie or other sealed value shares it.
const salt = "latch.signing-key";
// A sealed private key never expires by itself: rotation retires it.
const sealedFor = 100 * 365 * 24 * 60 * 60;
// How long an instance keeps the keys it read before reading them again (another may have rotated).
const rereadAfter = 60_000;

interface Cached {
  readonly ring: KeyRing;
  readonly settings: AccessTokenSettings;
  readonly secret: string;
  readonly until: number;
}

const cache = new WeakMap<object, Cached>();
const stores = new WeakMap<Adapter, KeyStore>();

/** The adapter's signing-key methods, guarded as its others are (a throw becomes `AdapterError`); kept per adapter. */
function storeOf(adapter: Adapter): KeyStore {
  let store = stores.get(adapter);
  if (!store) stores.set(adapter, (store = guardMethods(adapter, signingKeyMethods)));
  return store;
}
// Opened private keys per secret list (one list per config) and record.
const opened = new WeakMap<readonly string[], Map<string, Promise<SigningKey | undefined>>>();

const byGeneration = (a: AdapterSigningKey, b: AdapterSigningKey) => a.generation - b.generation;

/** The record's private key, opened with one of the secrets; `undefined` when none opens it (all rotated out). */
async function openKey(record: AdapterSigningKey, secrets: readonly string[]): Promise<SigningKey | undefined> {
  let bySecrets = opened.get(secrets);
  if (!bySecrets) opened.set(secrets, (bySecrets = new Map()));
  let key = bySecrets.get(record.id);
  if (!key) {
    key = openJwt<{ jwk: Record<string, unknown> }>({ token: record.privateKey, secrets, salt })
      .then(({ jwk }) => signingKeyFromJwk(jwk, record.algorithm as SigningAlgorithm))
      .catch(() => undefined);
    if (bySecrets.size > 64) bySecrets.clear();
    bySecrets.set(record.id, key);
  }
  return key;
}

/** The newest stored key, when it may sign at `now`: of the configured algorithm, not due for rotation, and opened by a secret. */
async function signingKeyOf(records: readonly AdapterSigningKey[], ctx: Pick<AuthContext, "secrets">, settings: AccessTokenSettings, now: number): Promise<SigningKey | undefined> {
  const newest = records.at(-1);
  if (!newest || newest.algorithm !== settings.algorithm) return undefined;
  if (now >= newest.createdAt.valueOf() + settings.rotation.every * 1000) return undefined;
  return openKey(newest, ctx.secrets);
}

/** Makes the next generation's key; `false` when another instance stored that generation first. */
async function createKey(store: KeyStore, records: readonly AdapterSigningKey[], settings: AccessTokenSettings, secret: string, now: number): Promise<boolean> {
  const { key, privateJwk } = await generateSigningKey(settings.algorithm);
  const privateKey = await sealJwt({ payload: { jwk: privateJwk }, secret, salt, maxAge: sealedFor });
  const generation = (records.at(-1)?.generation ?? 0) + 1;
  const record: AdapterSigningKey = { id: key.kid, generation, algorithm: key.alg, publicKey: JSON.stringify(key.publicJwk), privateKey, createdAt: new Date(now) };
  return store.createSigningKey(record);
}

/** The public keys a verifier accepts at `now`: the newest, and each replaced one until its grace period ends. */
function publishedOf(records: readonly AdapterSigningKey[], grace: number, now: number): PublicJwk[] {
  return records
    .filter((record, index) => {
      const replacedAt = records[index + 1]?.createdAt.valueOf();
      return replacedAt === undefined || now < replacedAt + grace * 1000;
    })
    .map((record) => JSON.parse(record.publicKey) as PublicJwk)
    .reverse();
}

async function readKeys(store: KeyStore): Promise<AdapterSigningKey[]> {
  return [...(await store.listSigningKeys())].sort(byGeneration);
}

/** The stored key ring at `now` (milliseconds), read again at most once a minute and whenever the signing key is due. */
export async function storedKeyRing(ctx: Pick<AuthContext, "secrets" | "adapter">, settings: AccessTokenSettings, now: number): Promise<KeyRing> {
  // The configuration check made sure the adapter is there, with both methods.
  const store = storeOf(ctx.adapter!);
  const cached = cache.get(store);
  if (cached && cached.settings === settings && cached.secret === ctx.secrets[0] && now < cached.until && now >= cached.until - rereadAfter) return cached.ring;
  let records = await readKeys(store);
  let signing = await signingKeyOf(records, ctx, settings, now);
  if (!signing) {
    await createKey(store, records, settings, ctx.secrets[0]!, now);
    // Ours or the one another instance stored first: either is the newest now.
    records = await readKeys(store);
    signing = await signingKeyOf(records, ctx, settings, now);
    if (!signing) throw new Error("The new signing key could not be read back from the adapter.");
  }
  const ring: KeyRing = { signing, published: publishedOf(records, settings.rotation.grace, now) };
  const due = records.at(-1)!.createdAt.valueOf() + settings.rotation.every * 1000;
  cache.set(store, { ring, settings, secret: ctx.secrets[0]!, until: Math.min(now + rereadAfter, due) });
  return ring;
}

/**
 * The private JWKs of the stored keys a verifier accepts at `now`, the signing one first (made
 * first when due, as {@link storedKeyRing} does); a key no secret opens any more is left out.
 */
export async function storedPrivateJwks(ctx: Pick<AuthContext, "secrets" | "adapter">, settings: AccessTokenSettings, now: number): Promise<JWK[]> {
  const ring = await storedKeyRing(ctx, settings, now);
  const records = await readKeys(storeOf(ctx.adapter!));
  const published = new Set(ring.published.map((key) => key.kid));
  const keys: JWK[] = [];
  for (const record of records.reverse()) {
    if (!published.has(record.id)) continue;
    const opened = await openJwt<{ jwk: JWK }>({ token: record.privateKey, secrets: ctx.secrets, salt }).catch(() => undefined);
    if (opened) keys.push(await labelledPrivateJwk(opened.jwk, record.algorithm as SigningAlgorithm));
  }
  // The signing key first: a library that signs with the first key of an algorithm uses it.
  return keys.sort((a, b) => (a.kid === ring.signing.kid ? -1 : b.kid === ring.signing.kid ? 1 : 0));
}
