/**
 * What the tokens for clients that are not browsers cost, measured side by side:
 * - `GET /token` for a signed-in caller (EdDSA, the key derived from the secret), against the
 *   cookie session read it starts with;
 * - the session read with a bearer token (`Authorization: Bearer`, JWT sessions) against the same
 *   read with the session cookie: both open the same JWE, so they should be within noise;
 * - the session read with an API key (`x-api-key`) once the instance's cache holds the key, against
 *   the JWT session read by cookie: one SHA-256 and a constant-time comparison, the per-key limit
 *   counted in memory, no adapter read (the store is an in-memory map, read once to warm the cache).
 */
import { Auth, type AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import type { Adapter, AdapterApiKey, ApiKeyAdapter } from "@latch/core/adapters";
import { ApiKeys, createApiKey } from "@latch/core/api-keys";
import { BearerSessions } from "@latch/core/bearer";
import { latchConfig } from "./contender.js";
import { base, check, cookiePair, sessionCookie, signInAsBrowser, user } from "./fixtures.js";
import { measure, report, type BenchCase } from "./measure.js";

const cookieRead = "GET /session, cookie (JWT session)";
const bearerRead = "GET /session, Authorization: Bearer (JWT session)";
const issue = "GET /token, signed in by cookie (EdDSA)";
const keyRead = "GET /session, x-api-key (warm cache)";

/** API keys in a map: the bench measures the verification, not a database. */
function memoryKeyStore(): Adapter & ApiKeyAdapter {
  const keys = new Map<string, AdapterApiKey>();
  const store: ApiKeyAdapter = {
    createApiKey: (key) => (keys.set(key.id, { ...key }), { ...key }),
    getApiKey: (id) => { const key = keys.get(id); return key ? { ...key } : null; },
    listApiKeys: (ownerType, ownerId) => [...keys.values()].filter((key) => key.ownerType === ownerType && key.ownerId === ownerId),
    updateApiKey: (id, update) => { const key = keys.get(id); if (!key) return null; Object.assign(key, update); return { ...key }; },
    deleteApiKey: (id) => { const key = keys.get(id); keys.delete(id); return key ?? null; },
  };
  return store as Adapter & ApiKeyAdapter;
}

/** A GET of `<base>/<path>` with `headers`; the bench refuses to run when its first answer is not a 200 that `expect` accepts. */
async function checkedCase(config: AuthConfig, name: string, path: string, headers: Record<string, string>, expect: (body: string) => boolean): Promise<BenchCase> {
  const run = async () => {
    const res = await Auth(new Request(`${base}/${path}`, { headers }), config);
    return { status: res.status, body: await res.text() };
  };
  const first = await run();
  check(first.status === 200 && expect(first.body), `${name} answered ${first.status}: ${first.body.slice(0, 80)}`);
  return { name, run };
}

export async function tokenBench(): Promise<void> {
  const plain = latchConfig();
  const config: AuthConfig = {
    ...plain,
    session: { ...plain.session, bearer: BearerSessions() },
    accessTokens: AccessTokens(), // no adapter: the key is derived from the secret
  };
  const cookie = cookiePair((await signInAsBrowser((request) => Auth(request, config))).response, sessionCookie);
  const signIn = await signInAsBrowser((request) => Auth(request, config));
  // A second sign-in asking for its token, as a native app does.
  const tokenAnswer = await Auth(
    new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { cookie: signIn.csrf, "content-type": "application/x-www-form-urlencoded", "x-auth-return-token": "1" },
      body: new URLSearchParams({ csrfToken: signIn.csrfToken }),
    }),
    config,
  );
  const { token } = (await tokenAnswer.json()) as { token?: string };
  check(typeof token === "string", `the sign-in with X-Auth-Return-Token answered ${tokenAnswer.status} without a token`);

  const signedIn = (body: string) => body.includes(`"email"`);
  const reads = await measure([
    await checkedCase(config, cookieRead, "session", { cookie }, signedIn),
    await checkedCase(config, bearerRead, "session", { authorization: `Bearer ${token}` }, signedIn),
  ]);
  report("Latch: bearer sessions (the same JWE, from a header or a cookie)", reads, [[bearerRead, cookieRead]]);

  const issuance = await measure([
    await checkedCase(config, cookieRead, "session", { cookie }, signedIn),
    await checkedCase(config, issue, "token", { cookie }, (body) => body.includes(`"token"`)),
  ]);
  report("Latch: signed access tokens", issuance, [[issue, cookieRead]]);

  // The per-key limit stays on (counted per request) with a ceiling the bench never reaches.
  const withKeys: AuthConfig = { ...plain, adapter: memoryKeyStore(), apiKeys: ApiKeys({ limit: { max: 1e9, window: 60 } }) };
  const { key } = await createApiKey(withKeys, { type: "user", id: user.id }, { name: "bench", scopes: ["orders:read"] });
  const keyCookie = cookiePair((await signInAsBrowser((request) => Auth(request, withKeys))).response, sessionCookie);
  const keyReads = await measure([
    await checkedCase(withKeys, cookieRead, "session", { cookie: keyCookie }, signedIn),
    await checkedCase(withKeys, keyRead, "session", { "x-api-key": key }, (body) => body.includes(`"apiKey"`)),
  ]);
  report("Latch: API keys (verified from the instance's cache)", keyReads, [[keyRead, cookieRead]]);
}
