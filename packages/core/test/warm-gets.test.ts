/**
 * Warm reads: once `GET /session` or `GET /csrf` was answered at a URL, the router gives the next
 * request there the one cookie its handler reads, without parsing the URL or finding the route
 * again. Each test drives the same request through a config that answered at that URL before and
 * through a fresh copy of it (the full path), and compares the answers: status, headers, cookies,
 * body. A `Request` that counts how often its URL and method are read shows which path answered:
 * the warm one reads each once, the full one reads them three times or more.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { BearerSessions } from "@latch/core/bearer";
import { encode } from "@latch/core/jwt";
import { RateLimit } from "@latch/core/rate-limit";
import { JwtRevocation } from "@latch/core/revocation";
import { RedisRevocationStore } from "@latch/redis";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { describe, expect, test } from "vitest";
import { builtinRows } from "../src/registry/table.js";
import { alice, baseConfig, Client, origin, parseSetCookies, secret } from "./client.js";

const redisUp = await needService(services.redis);

const sessionCookie = "authjs.session-token";

/** A request that counts the reads of its URL and method. */
class CountingRequest extends Request {
  reads = 0;
  override get url(): string {
    this.reads++;
    return super.url;
  }
  override get method(): string {
    this.reads++;
    return super.method;
  }
  get warm(): boolean {
    return this.reads === 2;
  }
}

type Options = Partial<AuthConfig>;

interface Answer {
  status: number;
  headers: [string, string][];
  cookies: { name: string; cleared: boolean; attributes: Record<string, string> }[];
  body: unknown;
  path: "warm" | "full";
}

/** What a response says, with the parts that differ between two equal answers made apart (a re-sealed token, an expiry a few ms later) set aside. */
async function answerOf(response: Response, request: CountingRequest): Promise<Answer> {
  const cookies = parseSetCookies(response).map(({ name, value, attributes: { expires: _expires, ...attributes } }) => ({ name, cleared: value === "", attributes }));
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie");
  const text = await response.text();
  const body = JSON.parse(text, (key, value: unknown) => (key === "expires" && typeof value === "string" ? Math.round(Date.parse(value) / 60_000) : key === "csrfToken" && typeof value === "string" ? value.length : value));
  return { status: response.status, headers, cookies, body, path: request.warm ? "warm" : "full" };
}

const requestAt = (path: string, headers: Record<string, string>, init: RequestInit = {}) => new CountingRequest(`${origin}/auth/${path}`, { ...init, headers });

/** The request's answer from a config that answered `GET <path>` (no cookie) before, and from a fresh one. */
async function bothPaths(options: Options, path: string, headers: Record<string, string>): Promise<{ warm: Answer; full: Answer }> {
  const warmConfig = baseConfig(options);
  await (await Auth(requestAt(path, {}), warmConfig)).text();
  const warmRequest = requestAt(path, headers);
  const warm = await answerOf(await Auth(warmRequest, warmConfig), warmRequest);
  const fullRequest = requestAt(path, headers);
  const full = await answerOf(await Auth(fullRequest, baseConfig(options)), fullRequest);
  return { warm, full };
}

const now = () => Math.floor(Date.now() / 1000);
const claims = () => ({ sub: alice.id, name: alice.name, email: alice.email, picture: alice.image, auth_time: now(), amr: ["pwd"] });
const token = (extra: Record<string, unknown> = {}, maxAge = 3600) => encode({ token: { ...claims(), ...extra }, secret, salt: sessionCookie, maxAge });

const sessionCases: [string, () => Promise<Record<string, string>>][] = [
  ["a valid session", async () => ({ cookie: `${sessionCookie}=${await token()}` })],
  ["a valid session among other cookies, one of them percent-encoded", async () => ({ cookie: `theme=dark; authjs.csrf-token=a%7Cb; ${sessionCookie}=${await token()}; other=1` })],
  ["two session cookies: the first wins", async () => ({ cookie: `${sessionCookie}=${await token({ name: "First" })}; ${sessionCookie}=${await token({ name: "Second" })}` })],
  ["a session in chunks", async () => {
    const long = await token({ name: "x".repeat(6000) });
    return { cookie: `${sessionCookie}.1=${long.slice(3936)}; ${sessionCookie}.0=${long.slice(0, 3936)}` };
  }],
  ["an expired token", async () => ({ cookie: `${sessionCookie}=${await token({}, -3600)}` })],
  ["a token that does not decrypt", async () => ({ cookie: `${sessionCookie}=${(await token()).slice(0, -4)}AAAA` })],
  ["a first factor older than the absolute lifetime", async () => ({ cookie: `${sessionCookie}=${await token({ auth_time: now() - 7200 })}` })],
  ["an impersonated session past its end", async () => ({ cookie: `${sessionCookie}=${await token({ impersonatedBy: "admin-1", impersonatedUntil: now() - 10 })}` })],
  ["no cookie", async () => ({})],
  ["other cookies only", async () => ({ cookie: "theme=dark; authjs.csrf-token=a%7Cb" })],
];

const sessionConfigs: [string, Options][] = [
  ["the defaults", {}],
  ["an absolute lifetime of an hour", { session: { strategy: "jwt", absoluteMaxAge: 3600 } }],
  ["every read re-sealing the token (updateAge 0)", { session: { strategy: "jwt", updateAge: 0 } }],
  ["a jwt callback that adds a claim", { callbacks: { jwt: ({ token: t }) => ({ ...t, role: "reader" }) } }],
  ["a session callback", { callbacks: { session: ({ session, token: t }) => ({ ...session, user: { ...session.user, id: t?.sub } }) as never } }],
];

describe("warm GET /session answers as the full path does", () => {
  for (const [configName, options] of sessionConfigs) {
    for (const [caseName, headers] of sessionCases) {
      test(`${configName}: ${caseName}`, async () => {
        const { warm, full } = await bothPaths(options, "session", await headers());
        expect(warm.path).toBe("warm");
        expect(full.path).toBe("full");
        expect({ ...warm, path: undefined }).toEqual({ ...full, path: undefined });
      });
    }
  }

  test("the session event runs once per read on either path", async () => {
    let events = 0;
    const cookie = `${sessionCookie}=${await token()}`;
    const { warm, full } = await bothPaths({ events: { session: () => void events++ } }, "session", { cookie });
    expect(warm.path).toBe("warm");
    expect(warm.body).toEqual(full.body);
    // The warm-up read had no session (no event); each measured read had one.
    expect(events).toBe(2);
  });

  test("a signed-in browser's second session read takes the warm path and gets the same session", async () => {
    const config = baseConfig();
    const cookie = `${sessionCookie}=${await token()}`;
    const first = requestAt("session", { cookie });
    expect(((await (await Auth(first, config)).json()) as { user: { email: string } }).user.email).toBe(alice.email);
    expect(first.warm).toBe(false);
    const second = requestAt("session", { cookie });
    expect(((await (await Auth(second, config)).json()) as { user: { email: string } }).user.email).toBe(alice.email);
    expect(second.warm).toBe(true);
  });

  test.skipIf(!redisUp)("JWT revocation on Redis: after sign-out, the old cookie read on the warm path is no session", async () => {
    const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
    const prefix = `latch-warm-${randomUUID().slice(0, 8)}:`;
    try {
      const client = new Client(baseConfig({ session: { strategy: "jwt", revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) } }));
      expect((await client.signIn()).status).toBe(302);
      const cookie = client.cookieHeader();
      for (let i = 0; i < 2; i++) {
        const read = requestAt("session", { cookie });
        expect(((await (await Auth(read, client.config)).json()) as { user: { email: string } }).user.email).toBe(alice.email);
        expect(read.warm).toBe(i === 1);
      }
      expect((await client.post("/auth/signout", { csrfToken: await client.csrfToken() })).status).toBe(302);
      const stolen = requestAt("session", { cookie });
      expect(await (await Auth(stolen, client.config)).json()).toBeNull();
      expect(stolen.warm).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});

describe("warm GET /csrf answers as the full path does", () => {
  test("a first visit gets a new token and its cookie", async () => {
    const { warm, full } = await bothPaths({}, "csrf", {});
    expect([warm.path, full.path]).toEqual(["warm", "full"]);
    expect(warm.cookies.map((c) => c.name)).toEqual(["authjs.csrf-token"]);
    expect({ ...warm, path: undefined }).toEqual({ ...full, path: undefined });
  });

  test("a valid CSRF cookie gets its own token back, and no cookie", async () => {
    const first = await Auth(requestAt("csrf", {}), baseConfig());
    const pair = first.headers.getSetCookie()[0]!.split(";")[0]!;
    const { csrfToken } = (await first.json()) as { csrfToken: string };
    const config = baseConfig();
    await Auth(requestAt("csrf", {}), config);
    const again = requestAt("csrf", { cookie: `theme=dark; ${pair}` });
    const answer = await Auth(again, config);
    expect(again.warm).toBe(true);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await answer.json()).toEqual({ csrfToken });
  });

  test("a CSRF cookie that does not verify is replaced on either path", async () => {
    const { warm, full } = await bothPaths({}, "csrf", { cookie: "authjs.csrf-token=abc%7Cdef" });
    expect(warm.path).toBe("warm");
    expect(warm.cookies.map((c) => c.name)).toEqual(["authjs.csrf-token"]);
    expect({ ...warm, path: undefined }).toEqual({ ...full, path: undefined });
  });
});

describe("what keeps a request off the warm path", () => {
  test("the rows that read one cookie only are GET rows without a CSRF rule: the router checks neither for a warm GET", () => {
    const warmRows = builtinRows.filter((row) => row.readsOnlyCookie);
    expect(warmRows.map((row) => [row.path, row.readsOnlyCookie])).toEqual([["csrf", "csrfToken"], ["session", "sessionToken"]]);
    for (const row of warmRows) expect([row.methods, row.csrf, row.tail]).toEqual([["GET"], "none", "none"]);
  });

  test("bearer sessions: a session read with Authorization: Bearer after cookie reads at the same URL is the bearer token's", async () => {
    const config = baseConfig({ session: { strategy: "jwt", bearer: BearerSessions() } });
    const cookie = `${sessionCookie}=${await token({ name: "Cookie Alice" })}`;
    for (let i = 0; i < 2; i++) await (await Auth(requestAt("session", { cookie }), config)).text();
    const bearer = requestAt("session", { authorization: `Bearer ${await token({ name: "Bearer Alice" })}` });
    const session = (await (await Auth(bearer, config)).json()) as { user?: { name?: string } } | null;
    expect(session?.user?.name).toBe("Bearer Alice");
    expect(bearer.warm).toBe(false);
  });

  test("rate limits: every request passes through the limiter", async () => {
    const config = baseConfig({ rateLimit: RateLimit() });
    const cookie = `${sessionCookie}=${await token()}`;
    for (let i = 0; i < 2; i++) await (await Auth(requestAt("session", { cookie }), config)).text();
    const third = requestAt("session", { cookie });
    expect(((await (await Auth(third, config)).json()) as { user: { email: string } }).user.email).toBe(alice.email);
    expect(third.warm).toBe(false);
  });

  test("a query, another origin, HEAD and POST at a warm URL take the full path and get its answers", async () => {
    const config = baseConfig();
    const cookie = `${sessionCookie}=${await token()}`;
    for (let i = 0; i < 2; i++) await (await Auth(requestAt("session", { cookie }), config)).text();
    const withQuery = new CountingRequest(`${origin}/auth/session?x=1`, { headers: { cookie } });
    expect(((await (await Auth(withQuery, config)).json()) as { user: { email: string } }).user.email).toBe(alice.email);
    expect(withQuery.warm).toBe(false);
    const otherOrigin = new CountingRequest("http://127.0.0.1:3000/auth/session", { headers: { cookie } });
    await (await Auth(otherOrigin, config)).text();
    expect(otherOrigin.warm).toBe(false);
    const head = requestAt("session", { cookie }, { method: "HEAD" });
    const headAnswer = await Auth(head, config);
    expect(head.warm).toBe(false);
    expect(headAnswer.status).toBe(400);
    // A POST at the session URL is the session update: it needs its CSRF token.
    const post = requestAt("session", { cookie, "content-type": "application/json" }, { method: "POST", body: JSON.stringify({ data: {} }) });
    const postAnswer = await Auth(post, config);
    expect(post.warm).toBe(false);
    expect(postAnswer.status).toBe(400);
    expect(await postAnswer.json()).toBeNull();
  });
});
