/**
 * `AccessTokens()` with keys stored through `@latch/pg`, on PGlite and on the real PostgreSQL
 * (database sessions): the first key made once however many instances ask together, its private
 * half sealed at rest, rotation on schedule with a set clock (old and new tokens verify until the
 * grace period ends, then only the new), and a secret rotated out entirely. Tokens are verified by
 * the resource server in a separate Node process.
 */
import { AccessTokens } from "@latch/core/access-tokens";
import type { AuthConfig } from "@latch/core";
import { PostgresAdapter, migrate } from "@latch/pg";
import { decodeProtectedHeader } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { alice, baseConfig, secret } from "../../../../test/client.js";
import { Jar, pgEngines, serveLatch, signIn, startResourceServer, type Engine, type LatchServer, type ResourceServer } from "./harness.js";

const engines = await pgEngines();

const day = 24 * 60 * 60;
const rotation = { every: day, grace: 3600 };

describe.each(engines)("access tokens with keys stored on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  let resource: ResourceServer;
  const option = AccessTokens({ rotation });
  const configOf = (overrides: Partial<AuthConfig> = {}) =>
    baseConfig({ adapter: PostgresAdapter(engine.db as never), session: { strategy: "database" }, accessTokens: option, ...overrides });

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    await engine.db.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, $3)`, [alice.id, alice.email, alice.name]);
    latch = await serveLatch(configOf());
    resource = await startResourceServer({ JWKS_URL: `${latch.origin}/auth/jwks`, ISSUER: `${latch.origin}/auth`, AUDIENCE: latch.origin, JWKS_CACHE_MS: "0" });
  });
  afterAll(async () => {
    await resource?.close();
    await latch?.close();
    await engine?.close();
  });
  beforeEach(async () => {
    if (!available) return;
    await engine.db.query(`DELETE FROM signing_keys`);
    // A new config object: no keys kept in memory from the test before.
    latch.config = configOf();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const storedKeys = async () => (await engine.db.query(`SELECT id, generation, algorithm, "privateKey" FROM signing_keys ORDER BY generation`)).rows as { id: string; generation: number; privateKey: string }[];
  const kidOf = (token: string) => decodeProtectedHeader(token).kid;
  const seconds = () => Math.floor(Date.now() / 1000);

  async function tokenOf(jar: Jar): Promise<string> {
    const response = await fetch(`${latch.origin}/auth/token`, { headers: { cookie: jar.header() } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  test.runIf(available)("the first token makes one stored key, whose private half is sealed; the resource server verifies the token", async () => {
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const token = await tokenOf(jar);
    const keys = await storedKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: kidOf(token), generation: 1, algorithm: "EdDSA" });
    // A compact JWE, not the JWK: the private key is not readable from the row.
    expect(keys[0]!.privateKey.split(".")).toHaveLength(5);
    expect(keys[0]!.privateKey).not.toMatch(/"d"/);
    const verified = await resource.verify(token);
    expect(verified.status).toBe(200);
    expect(verified.body.payload).toMatchObject({ sub: alice.id, iss: `${latch.origin}/auth` });
  });

  test.runIf(available)("instances asking together make one key: the first writer wins, and every instance signs with it", async () => {
    const others = await Promise.all([1, 2, 3].map(() => serveLatch(configOf())));
    try {
      const answers = await Promise.all([latch, ...others, latch, ...others].map(async (server) => ((await (await fetch(`${server.origin}/auth/jwks`)).json()) as { keys: { kid: string }[] }).keys));
      expect(await storedKeys()).toHaveLength(1);
      const kid = (await storedKeys())[0]!.id;
      for (const keys of answers) expect(keys.map((key) => key.kid)).toEqual([kid]);
    } finally {
      await Promise.all(others.map((server) => server.close()));
    }
  });

  test.runIf(available)("rotation: old and new tokens verify until the grace period ends, then only the new", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-03-01T10:00:00Z") });
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const first = await tokenOf(jar);
    // Just before the key is due: still the first key.
    vi.setSystemTime(Date.now() + (rotation.every - 60) * 1000);
    const old = await tokenOf(jar);
    expect(kidOf(old)).toBe(kidOf(first));
    // Due: the next token is signed by a new key, and both keys are published.
    vi.setSystemTime(Date.now() + 120 * 1000);
    const fresh = await tokenOf(jar);
    expect(kidOf(fresh)).not.toBe(kidOf(old));
    expect((await storedKeys()).map((key) => key.generation)).toEqual([1, 2]);
    expect((await resource.verify(old, seconds())).status).toBe(200);
    expect((await resource.verify(fresh, seconds())).status).toBe(200);
    // A minute before the grace period ends: the old key still verifies what it signed.
    vi.setSystemTime(Date.now() + (rotation.grace - 120) * 1000);
    const issuedAt = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).iat as number;
    expect((await resource.verify(old, issuedAt(old) + 1)).status).toBe(200);
    // Past it: the old key is gone from the JWKS (verified as of the old token's lifetime, so only the key can refuse it).
    vi.setSystemTime(Date.now() + 120 * 1000);
    expect((await resource.verify(old, issuedAt(old) + 1)).body.error).toBe("ERR_JWKS_NO_MATCHING_KEY");
    expect((await resource.verify(fresh, issuedAt(fresh) + 1)).status).toBe(200);
    const now = await tokenOf(jar);
    expect(kidOf(now)).toBe(kidOf(fresh));
    expect((await resource.verify(now, seconds())).status).toBe(200);
    const { keys } = (await (await fetch(`${latch.origin}/auth/jwks`)).json()) as { keys: { kid: string }[] };
    expect(keys.map((key) => key.kid)).toEqual([kidOf(fresh)]);
  });

  test.runIf(available)("a secret rotated out entirely: its sealed key cannot sign, a new one is made, and the old one still verifies in its grace period", async () => {
    const jar = new Jar();
    await signIn(latch.origin, jar);
    const before = await tokenOf(jar);
    const newSecret = "another-secret-0123456789-abcdefghijklmnopqrstuv";
    // The sessions are in the database, so the session survives; the old key cannot be opened.
    latch.config = configOf({ secret: newSecret });
    const after = await tokenOf(jar);
    expect(kidOf(after)).not.toBe(kidOf(before));
    expect((await storedKeys()).map((key) => key.generation)).toEqual([1, 2]);
    expect((await resource.verify(before)).status).toBe(200);
    expect((await resource.verify(after)).status).toBe(200);
    // Back on the old secret alone: the newest key is sealed with a secret it does not know, so yet another is made.
    latch.config = configOf({ secret });
    expect(kidOf(await tokenOf(jar))).not.toBe(kidOf(after));
  });
});
