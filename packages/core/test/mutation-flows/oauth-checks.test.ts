/** The OAuth check cookies, the sealed `state` parameter and the form-posted Apple user, driven directly. */
import { describe, expect, test } from "vitest";
import type { AuthConfig } from "@latch/core";
import { resolveConfig } from "../../src/config/resolve.js";
import type { InternalOAuthProvider } from "../../src/config/providers.js";
import { checkCookie, clearCheckCookies, createNonce, createPkce, createState, decodeState, readCheckCookie, usesFormPost } from "../../src/flows/oauth/checks.js";
import { formPostUser, withFormPostUser } from "../../src/flows/oauth/form-post-user.js";
import { sealJwt } from "../../src/crypto/index.js";
import { createHash } from "node:crypto";
import { openToken } from "../token-format.js";

const secret = "oauth-checks-secret-0123456789abcdefghij";
const config: AuthConfig = {
  secret,
  trustHost: true,
  providers: [
    { id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", clientSecret: "s" },
    { id: "apple", name: "Apple", type: "oidc", issuer: "https://apple.example", clientId: "c", clientSecret: "s", authorization: { params: { response_mode: "form_post", scope: "openid" } } },
  ],
};
const ctx = resolveConfig(config, new URL("https://app.example"));
const op = ctx.providers.find((p) => p.id === "op") as InternalOAuthProvider;
const apple = ctx.providers.find((p) => p.id === "apple") as InternalOAuthProvider;

describe("check cookies", () => {
  test("sealed for the provider under the role's cookie, with the role's attributes", async () => {
    const cookie = await checkCookie(ctx, "state", op, "v1");
    expect(cookie.name).toBe("__Secure-authjs.state");
    expect(cookie.options).toEqual({ httpOnly: true, sameSite: "lax", path: "/", secure: true, maxAge: 900 });
    expect((await openToken(cookie.value, secret, cookie.name)).claims).toMatchObject({ value: "v1", provider: "op" });
    expect(await readCheckCookie(ctx, { [cookie.name]: cookie.value }, "state", op)).toBe("v1");
  });

  test("form_post: state and nonce go SameSite=None; Secure, the PKCE verifier stays Lax", async () => {
    expect(usesFormPost(apple)).toBe(true);
    expect(usesFormPost(op)).toBe(false);
    expect((await checkCookie(ctx, "state", apple, "v")).options).toMatchObject({ sameSite: "none", secure: true });
    expect((await checkCookie(ctx, "nonce", apple, "v")).options).toMatchObject({ sameSite: "none", secure: true });
    expect((await checkCookie(ctx, "pkceCodeVerifier", apple, "v")).options).toMatchObject({ sameSite: "lax" });
    const plain = resolveConfig(config, new URL("http://app.example"));
    expect((await checkCookie(plain, "state", op, "v")).options).toMatchObject({ sameSite: "lax", secure: false });
    expect(ctx.cookies.state.options.sameSite).toBe("lax");
  });

  test("missing, unreadable, for another provider or without a value: InvalidCheck naming the check", async () => {
    const forApple = await checkCookie(ctx, "nonce", apple, "v");
    const name = ctx.cookies.nonce.name;
    const read = (value: string | undefined) => readCheckCookie(ctx, value === undefined ? {} : { [name]: value }, "nonce", op).catch((e: unknown) => e);
    expect(await read(undefined)).toMatchObject({ type: "InvalidCheck", message: "The nonce cookie is missing.", cause: { providerId: "op", check: "nonce" } });
    expect(await read("garbage")).toMatchObject({ type: "InvalidCheck", message: "The nonce cookie is unreadable.", cause: { err: expect.any(Error) } });
    expect(await read(forApple.value)).toMatchObject({ type: "InvalidCheck", message: "The nonce cookie is for another provider." });
    for (const value of ["", 5, undefined]) {
      const sealed = await sealJwt({ payload: { provider: "op", value }, secret, salt: name, maxAge: 60 });
      expect(await read(sealed)).toMatchObject({ type: "InvalidCheck", message: "The nonce cookie holds no value.", cause: { providerId: "op", check: "nonce" } });
    }
  });

  test("clearing deletes the three check cookies with their attributes", () => {
    expect(clearCheckCookies(ctx, apple)).toEqual([
      { name: "__Secure-authjs.pkce.code_verifier", value: "", options: { httpOnly: true, sameSite: "lax", path: "/", secure: true, maxAge: 0 } },
      { name: "__Secure-authjs.state", value: "", options: { httpOnly: true, sameSite: "none", path: "/", secure: true, maxAge: 0 } },
      { name: "__Secure-authjs.nonce", value: "", options: { httpOnly: true, sameSite: "none", path: "/", secure: true, maxAge: 0 } },
    ]);
  });

  test("PKCE: a 32-byte verifier and its S256 challenge; nonces are 32 random bytes", async () => {
    const { verifier, challenge } = await createPkce();
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(challenge).toBe(createHash("sha256").update(verifier).digest("base64url"));
    expect(createNonce()).toMatch(/^[\w-]{43}$/);
    expect(createNonce()).not.toBe(createNonce());
  });
});

describe("state parameter", () => {
  test("carries a random value, and the origin and link only when given", async () => {
    const bare = await decodeState(ctx, await createState(ctx));
    expect(Object.keys(bare!)).toEqual(["random"]);
    expect(bare!.random).toMatch(/^[\w-]{43}$/);
    expect(await decodeState(ctx, await createState(ctx, "https://preview.example/auth/callback/op", "u1"))).toEqual({
      random: expect.any(String),
      origin: "https://preview.example/auth/callback/op",
      link: "u1",
    });
    expect(await decodeState(ctx, await createState(ctx, "", ""))).toEqual({ random: expect.any(String) });
    const { claims } = await openToken(await createState(ctx), secret, "encodedState");
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
  });

  test("anything that does not open, or opens without a random string, is null; fields of the wrong type are dropped", async () => {
    expect(await decodeState(ctx, "garbage")).toBeNull();
    expect(await decodeState(ctx, await sealJwt({ payload: { random: 5 }, secret, salt: "encodedState", maxAge: 60 }))).toBeNull();
    expect(await decodeState(ctx, await sealJwt({ payload: { random: "r" }, secret, salt: "other", maxAge: 60 }))).toBeNull();
    expect(await decodeState(ctx, await sealJwt({ payload: { random: "r", origin: 1, link: {} }, secret, salt: "encodedState", maxAge: 60 }))).toEqual({ random: "r" });
  });
});

describe("form-posted user", () => {
  const posted = (user: unknown, method: "GET" | "POST" = "POST") => formPostUser({ method, body: { user } });

  test("the name's parts and the address, when they are non-empty strings", () => {
    expect(posted(JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "ada@example.com" }))).toEqual({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "ada@example.com" });
    expect(posted(JSON.stringify({ name: { firstName: "Ada", lastName: "" } }))).toEqual({ name: { firstName: "Ada" } });
    expect(posted(JSON.stringify({ name: { lastName: "Lovelace", firstName: 5 } }))).toEqual({ name: { lastName: "Lovelace" } });
    expect(posted(JSON.stringify({ email: "ada@example.com", name: "Ada" }))).toEqual({ email: "ada@example.com" });
    expect(posted(JSON.stringify({ email: "ada@example.com", name: null }))).toEqual({ email: "ada@example.com" });
  });

  test("nothing usable: undefined", () => {
    for (const user of [undefined, 5, "not json", "null", "[1]", '"text"', "{}", JSON.stringify({ name: { firstName: "" }, email: "" }), JSON.stringify({ email: 5 })]) {
      expect(posted(user)).toBeUndefined();
    }
    expect(posted(JSON.stringify({ email: "ada@example.com" }), "GET")).toBeUndefined();
    expect(formPostUser({ method: "POST" })).toBeUndefined();
  });

  test("goes under profile.user only, never over a user claim", () => {
    const user = { email: "typed@example.com" };
    expect(withFormPostUser({ sub: "1", email: "real@example.com" }, user)).toEqual({ sub: "1", email: "real@example.com", user });
    const profile = { sub: "1", user: "from token" };
    expect(withFormPostUser(profile, user)).toBe(profile);
    const alone = { sub: "1" };
    expect(withFormPostUser(alone, undefined)).toBe(alone);
  });
});
