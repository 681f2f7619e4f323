/**
 * The JWT session strategy called directly with a context resolved from a real config (no
 * stand-ins): what each step writes into the cookie, when it re-encrypts, and what the callbacks
 * and events are given. Tokens are opened with the test-side key of `../token-format.ts`.
 */
import { describe, expect, test } from "vitest";
import type { AuthConfig } from "@latch/core";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import type { Cookie } from "../../src/types/cookies.js";
import {
  currentJwtSession,
  currentJwtUser,
  endJwtSession,
  readJwtSession,
  readLiveJwt,
  rewriteJwtSession,
  startJwtSession,
  updateJwtSession,
} from "../../src/session/index.js";
import { mintToken, openToken, sessionClaims } from "../token-format.js";


/** `startJwtSession` with `isNewUser: false` unless given. */
const startJwt = (ctx: Parameters<typeof startJwtSession>[0], r: AuthRequest, s: object) =>
  startJwtSession(ctx, r, { isNewUser: false, earned: { auth_time: Math.floor(Date.now() / 1000), amr: ["pwd"] }, ...s } as Parameters<typeof startJwtSession>[2]);

const secret = "jwt-session-secret-0123456789abcdefghij";
const url = new URL("http://localhost:3000/auth/session");
const name = "authjs.session-token";
const ada = { id: "u1", name: "Ada", email: "ada@example.com", image: "https://img.example/ada.png" };

interface Seen {
  jwt: Record<string, unknown>[];
  session: Record<string, unknown>[];
  events: [string, unknown][];
  errors: string[];
}

function setup(overrides: Partial<AuthConfig> = {}) {
  const seen: Seen = { jwt: [], session: [], events: [], errors: [] };
  const config: AuthConfig = {
    secret,
    trustHost: true,
    providers: [],
    logger: { error: (code) => void seen.errors.push(String(code)), warn: () => {}, debug: () => {} },
    events: {
      session: (message) => void seen.events.push(["session", message]),
      signOut: (message) => void seen.events.push(["signOut", message]),
    },
    ...overrides,
  };
  return { ctx: resolveConfig(config, url), seen };
}

function request(cookies: Record<string, string> = {}): AuthRequest {
  return { url, method: "GET", action: "session", query: {}, cookies, headers: new Headers(), jsonMode: false, request: new Request(url) };
}

const valueOf = (cookies: Cookie[], cookieName = name) => cookies.find((c) => c.name === cookieName && c.options.maxAge !== 0)?.value;
const cleared = (cookies: Cookie[]) => cookies.filter((c) => c.options.maxAge === 0).map((c) => c.name);
const claimsOf = async (cookies: Cookie[]) => (await openToken(valueOf(cookies)!, secret)).claims;
const minted = (claims: Record<string, unknown>) => mintToken(claims, { secret });

describe("start", () => {
  test("the token holds the user's name, email, picture and id, for maxAge seconds", async () => {
    const { ctx } = setup({ session: { maxAge: 3600 } });
    const cookies = await startJwt(ctx, request(), { user: ada, account: null, isNewUser: false });
    expect(cookies).toHaveLength(1);
    const claims = await claimsOf(cookies);
    expect(claims).toMatchObject({ name: "Ada", email: "ada@example.com", picture: ada.image, sub: "u1" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.providerTokens).toBeUndefined();
    expect(claims.sid).toBeUndefined();
    expect(cookies[0]!.options.expires).toBeInstanceOf(Date);
  });

  test("the jwt callback says signUp for a new user, signIn otherwise, and shapes the token", async () => {
    const triggers: unknown[] = [];
    const { ctx } = setup({ callbacks: { jwt: ({ token, trigger }) => (triggers.push(trigger), { ...token, role: "admin" }) } });
    expect(await claimsOf(await startJwt(ctx, request(), { user: ada, account: null, isNewUser: true }))).toMatchObject({ role: "admin" });
    await startJwt(ctx, request(), { user: ada, account: null });
    expect(triggers).toEqual(["signUp", "signIn"]);
  });

  test("a jwt callback that returns nothing clears the session cookie", async () => {
    const { ctx } = setup({ callbacks: { jwt: () => null as never } });
    const cookies = await startJwt(ctx, request({ [`${name}.0`]: "a", [`${name}.1`]: "b" }), { user: ada, account: null });
    expect(valueOf(cookies)).toBeUndefined();
    expect(cleared(cookies).sort()).toEqual([name, `${name}.0`, `${name}.1`]);
  });

  const oauth = { type: "oauth" as const, provider: "github", providerAccountId: "7", access_token: "at", refresh_token: "rt", expires_at: 99 };
  test("with providerTokens, an OAuth or OIDC sign-in keeps the provider's tokens", async () => {
    const { ctx } = setup({ session: { providerTokens: true } });
    const claims = await claimsOf(await startJwt(ctx, request(), { user: ada, account: oauth }));
    expect(claims.providerTokens).toEqual({ github: { access_token: "at", refresh_token: "rt", expires_at: 99 } });
    const oidc = await claimsOf(await startJwt(ctx, request(), { user: ada, account: { ...oauth, type: "oidc", provider: "corp" } }));
    expect(oidc.providerTokens).toEqual({ corp: { access_token: "at", refresh_token: "rt", expires_at: 99 } });
  });

  test("without providerTokens, without an access token, or for another kind of account, none are kept", async () => {
    const on = setup({ session: { providerTokens: true } }).ctx;
    const off = setup().ctx;
    expect((await claimsOf(await startJwt(off, request(), { user: ada, account: oauth }))).providerTokens).toBeUndefined();
    expect((await claimsOf(await startJwt(on, request(), { user: ada, account: { ...oauth, access_token: undefined } }))).providerTokens).toBeUndefined();
    expect((await claimsOf(await startJwt(on, request(), { user: ada, account: { ...oauth, type: "email" as never } }))).providerTokens).toBeUndefined();
    expect((await claimsOf(await startJwt(on, request(), { user: ada, account: { ...oauth, type: "credentials" as never } }))).providerTokens).toBeUndefined();
  });
});

describe("read", () => {
  test("no cookie: no session, no cookies", async () => {
    const { ctx, seen } = setup();
    expect(await readJwtSession(ctx, request())).toEqual({ session: null, cookies: [] });
    expect(seen.errors).toEqual([]);
  });

  test("a cookie that does not decrypt: no session, the cookie cleared, the error logged", async () => {
    const { ctx, seen } = setup();
    const read = await readJwtSession(ctx, request({ [name]: "not-a-token" }));
    expect(read.session).toBeNull();
    expect(cleared(read.cookies)).toEqual([name]);
    expect(seen.errors).toEqual(["JWTSessionError"]);
  });

  test("a fresh token is read with one decrypt and no cookie; expires is the token's", async () => {
    const { ctx, seen } = setup();
    const claims = sessionClaims(ada);
    const read = await readJwtSession(ctx, request({ [name]: await minted(claims) }));
    expect(read.cookies).toEqual([]);
    expect(read.session).toEqual({ user: { name: "Ada", email: ada.email, image: ada.image }, expires: new Date(claims.exp * 1000).toISOString() });
    expect(seen.events).toEqual([["session", { session: read.session, token: expect.objectContaining({ sub: "u1" }) }]]);
  });

  test("a token older than updateAge, or without iat, is re-encrypted with a new expiry", async () => {
    const { ctx } = setup({ session: { updateAge: 3600, maxAge: 7200 } });
    const old = await minted(sessionClaims(ada, 3601));
    const read = await readJwtSession(ctx, request({ [name]: old }));
    const claims = await claimsOf(read.cookies);
    expect(claims).toMatchObject({ sub: "u1", name: "Ada" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(7200);
    expect(Math.abs(new Date(read.session!.expires).valueOf() - (claims.exp as number) * 1000)).toBeLessThan(1000);
    const { iat: _iat, ...noIat } = sessionClaims(ada);
    expect(valueOf((await readJwtSession(ctx, request({ [name]: await minted(noIat) }))).cookies)).toBeDefined();
    expect((await readJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada, 10)) }))).cookies).toEqual([]);
  });

  test("updateAge 0 re-encrypts at every read", async () => {
    const { ctx } = setup({ session: { updateAge: 0 } });
    expect(valueOf((await readJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada)) }))).cookies)).toBeDefined();
  });

  test("a token without exp reads with expires now", async () => {
    const { ctx } = setup();
    const { exp: _exp, ...claims } = sessionClaims(ada);
    const before = Date.now();
    const read = await readJwtSession(ctx, request({ [name]: await minted(claims) }));
    expect(new Date(read.session!.expires).valueOf()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(read.session!.expires).valueOf()).toBeLessThan(before + 60_000);
  });

  test("a jwt callback that changes the claims, in place or in a new object, gets them re-encrypted", async () => {
    const inPlace = setup({ callbacks: { jwt: ({ token }) => Object.assign(token, { role: "admin" }) } }).ctx;
    expect(await claimsOf((await readJwtSession(inPlace, request({ [name]: await minted(sessionClaims(ada)) }))).cookies)).toMatchObject({ role: "admin" });
    const copy = setup({ callbacks: { jwt: ({ token }) => ({ ...token }) } }).ctx;
    expect(valueOf((await readJwtSession(copy, request({ [name]: await minted(sessionClaims(ada)) }))).cookies)).toBeDefined();
    const same = setup({ callbacks: { jwt: ({ token }) => token } }).ctx;
    expect((await readJwtSession(same, request({ [name]: await minted(sessionClaims(ada)) }))).cookies).toEqual([]);
  });

  test("a jwt callback that returns nothing ends the session and clears the cookie", async () => {
    const { ctx } = setup({ callbacks: { jwt: () => null as never } });
    const read = await readJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada)) }));
    expect(read.session).toBeNull();
    expect(cleared(read.cookies)).toEqual([name]);
  });

  test("the session claims survive a jwt callback that drops or changes them", async () => {
    const dropping = setup({ callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: "Renamed" }) } }).ctx;
    const withSid = await minted({ ...sessionClaims(ada), sid: "s1", sat: 5 });
    expect(await claimsOf((await readJwtSession(dropping, request({ [name]: withSid }))).cookies)).toMatchObject({ sub: "u1", name: "Renamed", sid: "s1", sat: 5 });
    const changing = setup({ callbacks: { jwt: ({ token }) => ({ ...token, sid: "forged", sat: 9 }) } }).ctx;
    expect(await claimsOf((await readJwtSession(changing, request({ [name]: withSid }))).cookies)).toMatchObject({ sid: "s1", sat: 5 });
    const withoutSid = await minted(sessionClaims(ada));
    const adding = setup({ callbacks: { jwt: ({ token }) => ({ ...token, sid: "own" }) } }).ctx;
    expect(await claimsOf((await readJwtSession(adding, request({ [name]: withoutSid }))).cookies)).toMatchObject({ sid: "own" });
  });

  test("the session callback gets the token and shapes what the client sees", async () => {
    const { ctx } = setup({ callbacks: { session: ({ session, token }) => ({ ...session, userId: token.sub }) } });
    const read = await readJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada)) }));
    expect(read.session).toMatchObject({ userId: "u1", user: { email: ada.email } });
  });
});

describe("update", () => {
  test("without a session nothing happens", async () => {
    const { ctx } = setup({ callbacks: { jwt: () => { throw new Error("not called"); } } });
    expect(await updateJwtSession(ctx, request(), { name: "x" })).toEqual({ session: null, cookies: [] });
  });

  test("the jwt callback gets trigger update and the data; the new token is written", async () => {
    const calls: unknown[] = [];
    const { ctx, seen } = setup({
      callbacks: {
        jwt: ({ token, trigger, session }) => (calls.push([trigger, session]), trigger === "update" ? { ...token, name: (session as { name: string }).name } : token),
        session: ({ session, newSession, trigger }) => ({ ...session, echo: [trigger, newSession] }) as never,
      },
    });
    const update = await updateJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), sid: "s1", sat: 1 }) }), { name: "Lovelace" });
    expect(calls).toEqual([["update", { name: "Lovelace" }]]);
    expect(await claimsOf(update.cookies)).toMatchObject({ name: "Lovelace", sub: "u1", sid: "s1", sat: 1 });
    expect(update.session).toMatchObject({ user: { name: "Lovelace" }, echo: ["update", { name: "Lovelace" }] });
    expect(seen.events.map(([event]) => event)).toEqual(["session"]);
  });

  test("a jwt callback that returns nothing clears the cookie", async () => {
    const { ctx } = setup({ callbacks: { jwt: () => null as never } });
    const update = await updateJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada)) }), {});
    expect(update.session).toBeNull();
    expect(cleared(update.cookies)).toEqual([name]);
  });
});

describe("end, current user, rewrite", () => {
  test("sign-out gives the token to the signOut event and clears every chunk", async () => {
    const { ctx, seen } = setup();
    const token = await minted(sessionClaims(ada));
    const cookies = await endJwtSession(ctx, request({ [`${name}.0`]: token.slice(0, 50), [`${name}.1`]: token.slice(50) }));
    expect(cleared(cookies).sort()).toEqual([name, `${name}.0`, `${name}.1`]);
    expect(seen.events).toEqual([["signOut", { token: expect.objectContaining({ sub: "u1", email: ada.email }) }]]);
  });

  test("the current user and session come from sub and sid", async () => {
    const { ctx } = setup();
    expect(await currentJwtUser(ctx, request({ [name]: await minted(sessionClaims(ada)) }))).toEqual({ id: "u1", earned: null });
    expect(await currentJwtUser(ctx, request({ [name]: await minted({ name: "x" }) }))).toBeNull();
    expect(await currentJwtUser(ctx, request())).toBeNull();
    expect(await currentJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), sid: "s1" }) }))).toEqual({ userId: "u1", sessionId: "s1" });
    expect(await currentJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), sid: 7 }) }))).toEqual({ userId: "u1", sessionId: undefined });
    expect(await currentJwtSession(ctx, request({ [name]: await minted({ sub: 1 }) }))).toBeNull();
    expect(await currentJwtSession(ctx, request())).toBeNull();
  });

  test("rewrite keeps the claims and sets a new issue time; readLiveJwt returns the token", async () => {
    const { ctx } = setup({ session: { maxAge: 600 } });
    const old = { ...sessionClaims(ada, 100), role: "x" };
    const claims = await claimsOf(await rewriteJwtSession(ctx, request(), old));
    expect(claims).toMatchObject({ sub: "u1", role: "x" });
    expect(claims.jti).not.toBe(old.jti);
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
    expect(await readLiveJwt(ctx, request({ [name]: await minted(old) }))).toMatchObject({ sub: "u1", role: "x" });
  });
});
