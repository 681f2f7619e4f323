import { describe, expect, it } from "vitest";
import { decode } from "@latch/core/jwt";
import type { JWTDecodeParams } from "@latch/core/jwt";
import { createHash } from "node:crypto";
import { Client, alice, baseConfig, parseSetCookies, secret } from "./client.js";
import { mintToken, openToken, sessionClaims, testKey, testKid } from "./token-format.js";

const cookieName = "authjs.session-token";

async function readWith(config: ReturnType<typeof baseConfig>, cookie: string) {
  const client = new Client(config);
  const response = await client.fetch("/auth/session", { headers: { cookie: `${cookieName}=${cookie}` } });
  const text = await response.text();
  return { response, text, body: JSON.parse(text) as unknown, cookies: parseSetCookies(response) };
}

describe("session cookies in the shared format", () => {
  it("accepts an A256CBC-HS512 cookie minted from the format's description", async () => {
    const token = await mintToken(sessionClaims(alice), { secret });
    const { response, body } = await readWith(baseConfig(), token);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ user: { name: "Alice", email: alice.email, image: alice.image } });
  });

  it("accepts an A256GCM cookie keyed with 32 bytes and a SHA-256 thumbprint", async () => {
    const token = await mintToken(sessionClaims(alice), { secret, enc: "A256GCM" });
    expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString())).toMatchObject({ enc: "A256GCM" });
    const { body } = await readWith(baseConfig(), token);
    expect(body).toMatchObject({ user: { email: alice.email } });
  });

  it("accepts a cookie without kid (decrypted with the first secret)", async () => {
    const token = await mintToken(sessionClaims(alice), { secret, noKid: true });
    const { body } = await readWith(baseConfig(), token);
    expect(body).toMatchObject({ user: { email: alice.email } });
  });

  it("writes cookies that the description's derivation opens, with the thumbprint as kid", async () => {
    const client = new Client(baseConfig());
    const response = await client.signIn();
    expect(response.status).toBe(302);
    const token = client.jar.get(cookieName)!;
    const { header, claims } = await openToken(token, secret);
    expect(header).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid: await testKid(await testKey(secret, cookieName)) });
    expect(claims).toMatchObject({ name: alice.name, email: alice.email, picture: alice.image, sub: alice.id });
    expect(claims.exp).toBe((claims.iat as number) + 30 * 24 * 3600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe("bad cookies give a null session, status 200, and are cleared", () => {
    const cases: [string, () => Promise<string>][] = [
      ["tampered", async () => {
        const token = await mintToken(sessionClaims(alice), { secret });
        const parts = token.split(".");
        const ciphertext = parts[3]!;
        parts[3] = (ciphertext[0] === "A" ? "B" : "A") + ciphertext.slice(1);
        return parts.join(".");
      }],
      ["truncated", async () => (await mintToken(sessionClaims(alice), { secret })).slice(0, 60)],
      ["unsecured (alg none)", async () => {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
        return `${part({ alg: "none", typ: "JWT" })}.${part(sessionClaims(alice))}.`;
      }],
      ["made with another secret", () => mintToken(sessionClaims(alice), { secret: "another-secret-entirely-0123456789abcdef" })],
      ["expired", () => mintToken(sessionClaims(alice, 31 * 24 * 3600), { secret })],
      ["garbage", async () => "%%%not-a-token%%%"],
    ];
    for (const [label, make] of cases) {
      it(label, async () => {
        const { response, body, text, cookies } = await readWith(baseConfig(), await make());
        expect(response.status).toBe(200);
        expect(body).toBeNull();
        expect(text).not.toMatch(/stack|Error/);
        const cleared = cookies.find((c) => c.name === cookieName);
        expect(cleared?.attributes["max-age"]).toBe("0");
        expect(cleared?.value).toBe("");
      });
    }
  });

  it("never decrypts a cookie that only lacks the 15 s clock tolerance", async () => {
    // exp 10 s ago is inside the tolerance: still valid
    const claims = { ...sessionClaims(alice, 30 * 24 * 3600 - 10 + 20), exp: Math.floor(Date.now() / 1000) - 10 };
    const { body } = await readWith(baseConfig(), await mintToken(claims, { secret }));
    expect(body).toMatchObject({ user: { email: alice.email } });
  });
});

describe("secret rotation", () => {
  const oldSecret = "old-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
  const newSecret = "new-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

  it("reads a cookie made with the old secret after [new, old]", async () => {
    const token = await mintToken(sessionClaims(alice), { secret: oldSecret });
    const { body } = await readWith(baseConfig({ secret: [newSecret, oldSecret] }), token);
    expect(body).toMatchObject({ user: { email: alice.email } });
  });

  it("refuses the old cookie once the old secret is dropped", async () => {
    const token = await mintToken(sessionClaims(alice), { secret: oldSecret });
    const { body } = await readWith(baseConfig({ secret: [newSecret] }), token);
    expect(body).toBeNull();
  });

  it("re-issues an old-secret cookie under the new key", async () => {
    const token = await mintToken(sessionClaims(alice), { secret: oldSecret });
    const { cookies } = await readWith(baseConfig({ secret: [newSecret, oldSecret], session: { updateAge: 0 } }), token);
    const fresh = cookies.find((c) => c.name === cookieName)!;
    const { header } = await openToken(fresh.value, newSecret);
    expect(header.kid).toBe(await testKid(await testKey(newSecret, cookieName)));
  });

  it("signs new sessions in with the new secret", async () => {
    const client = new Client(baseConfig({ secret: [newSecret, oldSecret] }));
    await client.signIn();
    const { header, claims } = await openToken(client.jar.get(cookieName)!, newSecret);
    expect(header.kid).toBe(await testKid(await testKey(newSecret, cookieName)));
    expect(claims.sub).toBe(alice.id);
    await expect(openToken(client.jar.get(cookieName)!, oldSecret)).rejects.toThrow();
  });

  it("accepts a CSRF cookie hashed with the old secret", async () => {
    const token = "ab".repeat(32);
    const hash = createHash("sha256").update(`${token}${oldSecret}`).digest("hex");
    const client = new Client(baseConfig({ secret: [newSecret, oldSecret] }));
    client.jar.set("authjs.csrf-token", encodeURIComponent(`${token}|${hash}`));
    const csrf = (await (await client.fetch("/auth/csrf")).json()) as { csrfToken: string };
    expect(csrf.csrfToken).toBe(token);
    const response = await client.post("/auth/callback/credentials", { csrfToken: token, username: "alice", password: "wonderland" });
    expect(response.status).toBe(302);
    expect(client.jar.has(cookieName)).toBe(true);
  });

  it("hashes new CSRF cookies with the first secret", async () => {
    const client = new Client(baseConfig({ secret: [newSecret, oldSecret] }));
    const token = await client.csrfToken();
    const [value, hash] = decodeURIComponent(client.jar.get("authjs.csrf-token")!).split("|");
    expect(value).toBe(token);
    expect(hash).toBe(createHash("sha256").update(`${token}${newSecret}`).digest("hex"));
  });
});

describe("chunked session cookies", () => {
  const big = "x".repeat(10_000);
  const config = () =>
    baseConfig({
      callbacks: {
        jwt: ({ token, user, trigger, session }) => {
          if (user) return { ...token, big };
          if (trigger === "update" && (session as { shrink?: boolean })?.shrink) {
            const { big: _big, ...rest } = token;
            return rest;
          }
          return token;
        },
        session: ({ session, token }) => ({ ...session, bigLength: String(token?.big ?? "").length }),
      },
    });

  it("splits a large token into .0, .1, … and reads it back joined", async () => {
    const client = new Client(config());
    const response = await client.signIn();
    const chunks = parseSetCookies(response).filter((c) => c.name.startsWith(`${cookieName}.`));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.map((c) => c.name)).toEqual(chunks.map((_, i) => `${cookieName}.${i}`));
    for (const chunk of chunks) {
      expect(chunk.value.length).toBeLessThanOrEqual(3936);
      expect(chunk.attributes).toHaveProperty("httponly");
      expect(chunk.attributes.path).toBe("/");
    }
    expect(client.jar.has(cookieName)).toBe(false);
    const joined = chunks.map((c) => c.value).join("");
    expect((await openToken(joined, secret)).claims.big).toBe(big);
    expect(await client.session()).toMatchObject({ user: { email: alice.email }, bigLength: big.length });
  });

  it("deletes the stale chunks when the token shrinks", async () => {
    const client = new Client(config());
    await client.signIn();
    const chunkNames = [...client.jar.keys()].filter((n) => n.startsWith(`${cookieName}.`));
    const csrfToken = await client.csrfToken();
    const response = await client.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { shrink: true } }),
    });
    expect(response.status).toBe(200);
    const cookies = parseSetCookies(response);
    for (const name of chunkNames) expect(cookies.find((c) => c.name === name)?.attributes["max-age"]).toBe("0");
    expect(cookies.find((c) => c.name === cookieName)?.value).toBeTruthy();
    expect([...client.jar.keys()].filter((n) => n.startsWith(cookieName))).toEqual([cookieName]);
    expect(await client.session()).toMatchObject({ user: { email: alice.email }, bigLength: 0 });
  });

  it("deletes the whole cookie when the token grows into chunks", async () => {
    const client = new Client(
      baseConfig({ callbacks: { jwt: ({ token, trigger }) => (trigger === "update" ? { ...token, big } : token) } }),
    );
    await client.signIn();
    expect(client.jar.has(cookieName)).toBe(true);
    const response = await client.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), data: {} }),
    });
    const cookies = parseSetCookies(response);
    expect(cookies.find((c) => c.name === cookieName)?.attributes["max-age"]).toBe("0");
    expect(cookies.filter((c) => c.name.startsWith(`${cookieName}.`) && c.value).length).toBeGreaterThan(1);
    expect(client.jar.has(cookieName)).toBe(false);
    expect(await client.session()).toMatchObject({ user: { email: alice.email } });
  });

  it("clears every chunk at sign-out", async () => {
    const client = new Client(config());
    await client.signIn();
    const chunkNames = [...client.jar.keys()].filter((n) => n.startsWith(`${cookieName}.`));
    expect(chunkNames.length).toBeGreaterThan(1);
    const response = await client.post("/auth/signout", { csrfToken: await client.csrfToken() });
    expect(response.status).toBe(302);
    const cleared = parseSetCookies(response).filter((c) => c.attributes["max-age"] === "0").map((c) => c.name);
    for (const name of chunkNames) expect(cleared).toContain(name);
    expect([...client.jar.keys()].filter((n) => n.startsWith(cookieName))).toEqual([]);
    expect(await client.session()).toBeNull();
  });
});

describe("updateAge", () => {
  function counting(overrides: Parameters<typeof baseConfig>[0] = {}) {
    const calls = { decode: 0 };
    const config = baseConfig({
      jwt: {
        decode: (params: JWTDecodeParams) => {
          calls.decode++;
          return decode(params);
        },
      },
      ...overrides,
    });
    return { calls, config };
  }

  it("a read inside updateAge sets no cookie and decrypts once", async () => {
    const { calls, config } = counting();
    const token = await mintToken(sessionClaims(alice, 60), { secret });
    const { response, body } = await readWith(config, token);
    expect(body).toMatchObject({ user: { email: alice.email } });
    expect(response.headers.has("set-cookie")).toBe(false);
    expect(calls.decode).toBe(1);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
  });

  it("reports the token's own expiry when it does not re-issue", async () => {
    const claims = sessionClaims(alice, 60);
    const { body } = await readWith(baseConfig(), await mintToken(claims, { secret }));
    expect((body as { expires: string }).expires).toBe(new Date(claims.exp * 1000).toISOString());
  });

  it("re-issues a token older than updateAge with a later expiry", async () => {
    const claims = sessionClaims(alice, 2 * 24 * 3600);
    const { body, cookies } = await readWith(baseConfig(), await mintToken(claims, { secret }));
    const fresh = cookies.find((c) => c.name === cookieName)!;
    expect(fresh).toBeDefined();
    expect(Date.parse(fresh.attributes.expires!)).toBeGreaterThan(claims.exp * 1000 + 24 * 3600 * 1000);
    const { claims: reissued } = await openToken(fresh.value, secret);
    expect(reissued.iat as number).toBeGreaterThan(claims.iat);
    expect(reissued.sub).toBe(alice.id);
    expect(Date.parse((body as { expires: string }).expires)).toBeGreaterThan(claims.exp * 1000);
  });

  it("updateAge 0 re-issues on every read", async () => {
    const client = new Client(baseConfig({ session: { updateAge: 0 } }));
    await client.signIn();
    for (let i = 0; i < 2; i++) {
      const response = await client.fetch("/auth/session");
      expect(parseSetCookies(response).map((c) => c.name)).toContain(cookieName);
    }
  });

  // A token inside updateAge is the read that is answered without a promise: what it must still
  // run and check is driven here with a token sealed a moment ago, so that nothing re-issues it.
  it("a session callback shapes every read inside updateAge", async () => {
    const config = baseConfig({ callbacks: { session: async ({ session, token }) => ({ ...session, shapedFor: token.sub }) } });
    const token = await mintToken(sessionClaims(alice, 60), { secret });
    const client = new Client(config);
    for (let read = 0; read < 2; read++) {
      const response = await client.fetch("/auth/session", { headers: { cookie: `${cookieName}=${token}` } });
      expect(await response.json()).toMatchObject({ user: { email: alice.email }, shapedFor: alice.id });
    }
  });

  it("a token sealed a moment ago still ends absoluteMaxAge after its sign-in, and its cookie is cleared", async () => {
    const signedInAt = Math.floor(Date.now() / 1000) - 2 * 3600;
    const token = await mintToken({ ...sessionClaims(alice, 60), auth_time: signedInAt, amr: ["pwd"] }, { secret });
    const client = new Client(baseConfig({ session: { absoluteMaxAge: 3600 } }));
    for (let read = 0; read < 2; read++) {
      const response = await client.fetch("/auth/session", { headers: { cookie: `${cookieName}=${token}` } });
      expect(await response.json()).toBeNull();
      expect(parseSetCookies(response).find((c) => c.name === cookieName)?.value).toBe("");
    }
    // Inside its absolute lifetime the same kind of token reads.
    const live = await mintToken({ ...sessionClaims(alice, 60), auth_time: signedInAt, amr: ["pwd"] }, { secret });
    const { body } = await readWith(baseConfig({ session: { absoluteMaxAge: 3 * 3600 } }), live);
    expect(body).toMatchObject({ user: { email: alice.email } });
  });

  it("a session an administrator started as the user ends at its fixed end, however recently it was sealed", async () => {
    const now = Math.floor(Date.now() / 1000);
    const client = new Client(baseConfig());
    const ended = await mintToken({ ...sessionClaims(alice, 60), impersonatedBy: "admin-1", impersonatedUntil: now - 5 }, { secret });
    for (let read = 0; read < 2; read++) {
      const response = await client.fetch("/auth/session", { headers: { cookie: `${cookieName}=${ended}` } });
      expect(await response.json()).toBeNull();
    }
    const running = await mintToken({ ...sessionClaims(alice, 60), impersonatedBy: "admin-1", impersonatedUntil: now + 600 }, { secret });
    expect((await readWith(baseConfig(), running)).body).toMatchObject({ user: { email: alice.email } });
  });

  it("a jwt callback that changes the token forces a re-issue", async () => {
    const config = baseConfig({ callbacks: { jwt: ({ token }) => ({ ...token, reads: Number(token.reads ?? 0) + 1 }) } });
    const client = new Client(config);
    await client.signIn();
    const response = await client.fetch("/auth/session");
    const fresh = parseSetCookies(response).find((c) => c.name === cookieName)!;
    expect(fresh).toBeDefined();
    expect((await openToken(fresh.value, secret)).claims.reads).toBe(2);
  });
});
