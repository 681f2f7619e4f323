/**
 * An API key's life through `Auth()` on a given adapter: a user signs in with `Password()`
 * (database sessions), makes a key at `POST <base>/api-keys/create` (CSRF token and cookie sent),
 * reads `GET <base>/session` with it from a request without cookies, revokes it, and reads again.
 * What each step answered is returned for the caller's suite to assert.
 */
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter, ApiKeyAdapter } from "@latch/core/adapters";
import { ApiKeys } from "@latch/core/api-keys";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { handlerClient } from "./handler-client.js";

/** One answer of `Auth()`: its status and JSON body. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** What {@link apiKeyRoundTrip} saw. */
export interface ApiKeyRoundTrip {
  /** The user the key was made for. */
  userId: string;
  /** The key as shown once at creation. */
  key: string;
  /** The answer of `POST <base>/api-keys/create`. */
  created: JsonAnswer;
  /** `GET <base>/session` with the key in `x-api-key`, no cookie. */
  withKey: JsonAnswer;
  /** `GET <base>/session` with the key as `Authorization: Bearer`, no cookie. */
  withBearer: JsonAnswer;
  /** The row the adapter holds for the key after creation. */
  stored: unknown;
  /** The answer of `POST <base>/api-keys/revoke`. */
  revoked: JsonAnswer;
  /** `GET <base>/session` with the key after revocation. */
  afterRevoke: JsonAnswer;
  /** The row the adapter holds for the key after revocation (`null` when deleted). */
  storedAfterRevoke: unknown;
}

const origin = "http://localhost:3000";

async function json(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * Runs an API key's life through `Auth()` on `adapter` (tables already migrated) and reports each
 * answer. The adapter must create users and passwords and hold the `ApiKeyAdapter` methods.
 *
 * @example
 * ```ts
 * const trip = await apiKeyRoundTrip(KyselyAdapter(db))
 * expect(trip.withKey.status).toBe(200)
 * ```
 */
export async function apiKeyRoundTrip(adapter: Adapter & ApiKeyAdapter): Promise<ApiKeyRoundTrip> {
  const config: AuthConfig = {
    secret: "api-key-round-trip-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    providers: [Password()],
    session: { strategy: "database" },
    apiKeys: ApiKeys(),
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
  const handle = (request: Request) => Auth(request, config as Omit<AuthConfig, "raw">);
  const email = `keys-${crypto.randomUUID()}@example.com`;
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email, name: "Key holder", image: null, emailVerified: new Date() });
  await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });

  const member = handlerClient(handle, { origin });
  const signedIn = await member.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password: "copper lantern 77" });
  if (signedIn.headers.get("location") !== `${origin}/home`) throw new Error(`the sign-in was refused (${signedIn.headers.get("location")})`);

  const postJson = async (path: string, body: Record<string, unknown>) =>
    json(await member.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken: await member.csrf(), ...body }) }));
  const created = await postJson("/auth/api-keys/create", { name: "deploy", scopes: ["orders:read", "orders:write"] });
  const { key, apiKey } = created.body as { key: string; apiKey: { id: string } };

  // Requests of a script: no cookie, only the key.
  const session = async (headers: Record<string, string>) => json(await handle(new Request(`${origin}/auth/session`, { headers })));
  const withKey = await session({ "x-api-key": key });
  const withBearer = await session({ authorization: `Bearer ${key}` });
  const stored = await adapter.getApiKey(apiKey.id);

  const revoked = await postJson("/auth/api-keys/revoke", { id: apiKey.id });
  const afterRevoke = await session({ "x-api-key": key });
  const storedAfterRevoke = await adapter.getApiKey(apiKey.id);
  return { userId: user.id, key, created, withKey, withBearer, stored, revoked, afterRevoke, storedAfterRevoke };
}
