/**
 * Impersonation through `Admin()` over real HTTP (node:http in front of `Auth()`), sessions stored
 * through `@latch/pg` on PGlite and on the real PostgreSQL (a schema of its own), and JWT sessions
 * revoked through `JwtRevocation()` on the real Redis: an administrator whose sign-in is recent
 * starts a session as a user (`session.impersonatedBy`, the stored column, the JWT claim), keeps
 * their own, and gets it back when they stop; the session ends after `impersonationMaxAge` however
 * often it is used; every row that refuses impersonation answers 403 before its handler runs (the
 * password change, a second factor, an API key, unlinking an account, ending other sessions, an
 * organization's transfer and deletion, impersonating again); and every refusal of the start.
 */
import { randomUUID } from "node:crypto";
import type { AuthConfig } from "@latch/core";
import { AccountLinks } from "@latch/core/accounts";
import { Admin, type AdminOptions } from "@latch/core/admin";
import { ApiKeys } from "@latch/core/api-keys";
import de from "@latch/core/languages/de";
import { Organizations } from "@latch/core/organizations";
import { definePlugin } from "@latch/core/plugins";
import Credentials from "@latch/core/providers/credentials";
import Passkey from "@latch/core/providers/passkey";
import Password from "@latch/core/providers/password";
import { JwtRevocation } from "@latch/core/revocation";
import { SecondFactors } from "@latch/core/second-factors";
import { SessionControl } from "@latch/core/sessions";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { secret } from "../../../../test/client.js";
import { Jar, pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browsers, people } from "./site.js";

const engines = await pgEngines();
const redisUp = await needService(services.redis);
type Person = keyof typeof people;

const quiet = { error: () => {}, warn: () => {}, debug: () => {} };

/** The rows that refuse an impersonated session, each with a body its handler would take. */
const refusedRows: readonly [string, Record<string, unknown>][] = [
  ["password/change", { currentPassword: "pw", newPassword: "a brand new passphrase" }],
  ["email/change", { email: "elsewhere@example.com" }],
  ["second-factor/enrol", { kind: "app" }],
  ["api-keys/create", { name: "script" }],
  ["unlink/github", {}],
  ["sessions/revoke", { others: "true" }],
  ["organizations/transfer", { organizationId: "org-1", userId: "user-carol" }],
  ["organizations/delete", { organizationId: "org-1" }],
  ["admin/impersonate", { userId: "user-carol" }],
  ["callback/passkey", { action: "register", data: "{}" }],
];

describe.each(engines)("impersonation on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  const browsers = new Browsers(() => latch, people);
  const events: [string, unknown][] = [];

  const credentials = () =>
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize({ email, password }) {
        if (password !== "pw") return null;
        const { rows } = await engine.db.query(`SELECT id, email, name FROM users WHERE email = $1`, [email]);
        return (rows[0] as { id: string; email: string; name: string } | undefined) ?? null;
      },
    });

  const adminOf = (options: AdminOptions = {}) =>
    Admin({
      adminUserIds: [people.root.id],
      events: { impersonationStarted: (message) => void events.push(["started", message]), impersonationStopped: (message) => void events.push(["stopped", message]) },
      ...options,
    });

  const configOf = (overrides: Partial<AuthConfig> = {}): AuthConfig => ({
    secret,
    trustHost: true,
    logger: quiet,
    adapter: PostgresAdapter(engine.db as never),
    session: { strategy: "database", control: SessionControl() },
    providers: [credentials(), Password(), Passkey()],
    experimental: { enableWebAuthn: true },
    admin: adminOf(),
    apiKeys: ApiKeys({ cacheSeconds: 0 }),
    organizations: Organizations(),
    secondFactor: SecondFactors(),
    account: { links: AccountLinks() },
    languages: [de],
    ...overrides,
  } as AuthConfig);

  const url = (path: string) => browsers.url(path);
  const jarOf = (who: Person) => browsers.jarOf(who);
  const csrfToken = (jar: Jar) => browsers.csrfToken(jar);
  const post = browsers.post.bind(browsers);

  async function signIn(who: Person): Promise<void> {
    expect((await browsers.signInAnswer(who)).status).toBe(302);
  }

  type Shown = { user?: { email?: string }; impersonatedBy?: string; expires?: string } | null;
  async function sessionOf(who: Person): Promise<Shown> {
    const response = await fetch(url("session"), { headers: { cookie: jarOf(who).header() } });
    jarOf(who).keep(response);
    return (await response.json()) as Shown;
  }

  /** Root impersonates `userId` from their jar; the answer, its cookies kept. */
  async function impersonate(userId: string): Promise<Response> {
    const response = await post("root", "admin/impersonate", { userId });
    jarOf("root").keep(response);
    return response;
  }

  const sessionRows = async (id: string) =>
    (await engine.db.query(`SELECT "impersonatedBy", expires FROM sessions WHERE "userId" = $1 ORDER BY "createdAt"`, [id])).rows as { impersonatedBy: string | null; expires: Date }[];

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    latch = await serveLatch({ secret } as AuthConfig);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await engine.close();
  });
  beforeEach(async () => {
    if (!available) return;
    await browsers.reset(engine);
    events.length = 0;
    latch.config = configOf();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test.skipIf(!available)("an administrator acts as a user for an hour, the app sees impersonatedBy, and stopping gives the administrator's own session back", async () => {
    await signIn("root");
    const rootRows = await sessionRows(people.root.id);
    expect(rootRows).toHaveLength(1);
    const before = Date.now();
    const started = await impersonate(people.bob.id);
    expect(started.status).toBe(200);
    const body = (await started.json()) as { userId: string; impersonatedBy: string; expires: string; url: string };
    expect(body).toMatchObject({ userId: people.bob.id, impersonatedBy: people.root.id, url: latch.origin });
    const ends = new Date(body.expires).valueOf();
    expect(ends).toBeGreaterThanOrEqual(before + 3_600_000 - 1_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1_000);

    const shown = await sessionOf("root");
    expect(shown).toMatchObject({ user: { email: people.bob.email }, impersonatedBy: people.root.id });
    const stored = await sessionRows(people.bob.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.impersonatedBy).toBe(people.root.id);
    expect(Math.abs(new Date(stored[0]!.expires).valueOf() - ends)).toBeLessThan(1_000);
    // The administrator's own session is kept, not ended.
    expect(await sessionRows(people.root.id)).toHaveLength(1);
    expect([...jarOf("root").cookies.keys()]).toContain("latch.admin-session");
    expect(events).toEqual([["started", { userId: people.bob.id, by: people.root.id, expires: new Date(body.expires) }]]);

    const stopped = await post("root", "admin/impersonate/stop", {});
    jarOf("root").keep(stopped);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ userId: people.bob.id, impersonatedBy: people.root.id, restored: true });
    expect(await sessionRows(people.bob.id)).toHaveLength(0);
    expect([...jarOf("root").cookies.keys()]).not.toContain("latch.admin-session");
    const back = await sessionOf("root");
    expect(back?.user?.email).toBe(people.root.email);
    expect(back?.impersonatedBy).toBeUndefined();
    expect(events.at(-1)).toEqual(["stopped", { userId: people.bob.id, by: people.root.id }]);
    // The administrator's own session works as before: they may act again.
    expect((await post("root", "admin/impersonate/stop", {})).status).toBe(409);
    expect((await fetch(url("admin/users"), { headers: { cookie: jarOf("root").header() } })).status).toBe(200);
  });

  test.skipIf(!available).each(refusedRows)("an impersonated session is refused POST %s with 403 before the handler runs, and nothing is written", async (path, body) => {
    await signIn("root");
    // Another session of Bob's own, which "end other sessions" would end.
    await signIn("bob");
    expect((await impersonate(people.bob.id)).status).toBe(200);
    // A script's request (which asks for JSON on a page row) gets the JSON refusal.
    const response = await post("root", path, body, { json: true });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: "ImpersonationRefused" });
    // Nothing was written: no key, no factor, no session ended, no new impersonation, still Bob's address.
    expect((await engine.db.query(`SELECT 1 FROM api_keys`)).rows).toHaveLength(0);
    expect((await engine.db.query(`SELECT 1 FROM second_factors`)).rows).toHaveLength(0);
    expect((await sessionRows(people.bob.id)).map((row) => row.impersonatedBy)).toEqual([null, people.root.id]);
    expect(await sessionRows(people.carol.id)).toHaveLength(0);
    expect((await sessionOf("root"))?.impersonatedBy).toBe(people.root.id);
  });

  test.skipIf(!available)("a browser's form on a refusing page row gets the page that says why, in its language; the user's own session is not refused", async () => {
    await signIn("root");
    expect((await impersonate(people.bob.id)).status).toBe(200);
    // A browser's form on a page row gets the page that says why, in its language.
    const page = await post("root", "password/change", { currentPassword: "pw", newPassword: "a brand new passphrase" }, { accept: "text/html" });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Only the user can do this themselves.");
    const german = await fetch(url("password/change"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jarOf("root").header(), accept: "text/html", "accept-language": "de" },
      body: new URLSearchParams({ csrfToken: await csrfToken(jarOf("root")), currentPassword: "pw", newPassword: "x" }),
    });
    expect(german.status).toBe(403);
    expect(await german.text()).toContain("Das kann nur die Person selbst tun.");
    // What a user's own session may do is not refused: Bob himself makes a key.
    await signIn("bob");
    expect((await post("bob", "api-keys/create", { name: "mine" })).status).toBe(201);
  });

  test.skipIf(!available)("a plugin's endpoint that declares refusesImpersonation is refused to an impersonated session; its other endpoints are not", async () => {
    const calls: string[] = [];
    const vault = definePlugin({
      id: "vault",
      endpoints: {
        rotate: { method: "POST", path: "rotate", refusesImpersonation: true, handler: ({ json }) => (calls.push("rotate"), json({ rotated: true })) },
        peek: { method: "POST", path: "peek", handler: ({ json }) => (calls.push("peek"), json({ ok: true })) },
      },
    });
    latch.config = configOf({ plugins: [vault] });
    await signIn("root");
    expect((await impersonate(people.bob.id)).status).toBe(200);
    const refused = await post("root", "vault/rotate", {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "ImpersonationRefused" });
    expect((await post("root", "vault/peek", {})).status).toBe(200);
    expect(calls).toEqual(["peek"]);
    await signIn("bob");
    expect((await post("bob", "vault/rotate", {})).status).toBe(200);
    expect(calls).toEqual(["peek", "rotate"]);
  });

  test.skipIf(!available)("the impersonated session never slides past its end, even read every second and updated", async () => {
    latch.config = configOf({ session: { strategy: "database", updateAge: 0, control: SessionControl() }, admin: adminOf({ impersonationMaxAge: 120 }) });
    await signIn("root");
    const start = Date.now();
    expect((await impersonate(people.bob.id)).status).toBe(200);
    const [row] = await sessionRows(people.bob.id);
    vi.useFakeTimers({ toFake: ["Date"], now: start + 60_000 });
    expect((await sessionOf("root"))?.impersonatedBy).toBe(people.root.id);
    const update = await fetch(url("session"), {
      method: "POST",
      headers: { "content-type": "application/json", cookie: jarOf("root").header() },
      body: JSON.stringify({ csrfToken: await csrfToken(jarOf("root")), data: {} }),
    });
    expect(update.status).toBe(200);
    const [after] = await sessionRows(people.bob.id);
    expect(new Date(after!.expires).valueOf()).toBe(new Date(row!.expires).valueOf());
    vi.setSystemTime(start + 121_000);
    expect(await sessionOf("root")).toBeNull();
  });

  test.skipIf(!available)("refused: not signed in, not an administrator, no CSRF token, a sign-in older than five minutes, oneself, an unknown user, a banned user, another administrator unless allowed", async () => {
    expect((await post(null, "admin/impersonate", { userId: people.bob.id })).status).toBe(401);
    await signIn("bob");
    const notAdmin = await post("bob", "admin/impersonate", { userId: people.carol.id });
    expect(notAdmin.status).toBe(403);
    expect(await notAdmin.json()).toMatchObject({ error: "Forbidden" });

    await signIn("root");
    const unchecked = await post("root", "admin/impersonate", { userId: people.bob.id }, { withToken: false });
    expect(await unchecked.json()).toMatchObject({ error: "MissingCSRF" });
    const self = await post("root", "admin/impersonate", { userId: people.root.id });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ error: "AdminActionRefused" });
    expect((await post("root", "admin/impersonate", { userId: "nobody" })).status).toBe(404);
    expect((await post("root", "admin/impersonate", {})).status).toBe(400);

    expect((await post("root", "admin/ban", { userId: people.carol.id, reason: "spam" })).status).toBe(200);
    const banned = await post("root", "admin/impersonate", { userId: people.carol.id });
    expect(banned.status).toBe(409);
    expect(await banned.json()).toMatchObject({ error: "AdminActionRefused", message: expect.stringContaining("banned") });
    expect((await post("root", "admin/unban", { userId: people.carol.id })).status).toBe(200);

    expect((await post("root", "admin/role", { userId: people.carol.id, role: "admin" })).status).toBe(200);
    const administrator = await post("root", "admin/impersonate", { userId: people.carol.id });
    expect(administrator.status).toBe(409);
    expect(await administrator.json()).toMatchObject({ error: "AdminActionRefused", message: expect.stringContaining("administrator") });
    latch.config = configOf({ admin: adminOf({ impersonateAdministrators: true }) });
    expect((await post("root", "admin/impersonate", { userId: people.carol.id })).status).toBe(200);
    latch.config = configOf();
    expect(await sessionRows(people.bob.id)).toHaveLength(1);
    expect(events.filter(([kind]) => kind === "started")).toHaveLength(1);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6 * 60_000 });
    const stale = await post("root", "admin/impersonate", { userId: people.bob.id });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ error: "RecentSignInRequired" });
    expect(await sessionRows(people.bob.id)).toHaveLength(1);
  });

  test.skipIf(!available || !redisUp)("JWT sessions: the claim, the refused rows, its end whatever the jwt callback does, and the stop that revokes it and gives the administrator's token back", async () => {
    const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
    const prefix = `latch-impersonation-${randomUUID().slice(0, 8)}:`;
    try {
      latch.config = configOf({
        session: { strategy: "jwt", updateAge: 0, control: SessionControl(), revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) },
        admin: adminOf({ impersonationMaxAge: 300 }),
        // A callback that rebuilds the token from scratch keeps neither the claim nor the end by itself.
        callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email, sid: token.sid, sat: token.sat }) },
      });
      await signIn("root");
      const rootToken = jarOf("root").cookies.get("authjs.session-token");
      const start = Date.now();
      expect((await impersonate(people.bob.id)).status).toBe(200);
      expect(jarOf("root").cookies.get("latch.admin-session")).toBe(rootToken);
      expect(await sessionOf("root")).toMatchObject({ user: { email: people.bob.email }, impersonatedBy: people.root.id });
      const refused = await post("root", "api-keys/create", { name: "script" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: "ImpersonationRefused" });

      vi.useFakeTimers({ toFake: ["Date"], now: start + 200_000 });
      expect((await sessionOf("root"))?.impersonatedBy).toBe(people.root.id);
      vi.setSystemTime(start + 301_000);
      expect(await sessionOf("root")).toBeNull();
      vi.useRealTimers();

      // A second one, stopped: the impersonated token is revoked, the administrator's comes back.
      await signIn("root");
      expect((await impersonate(people.bob.id)).status).toBe(200);
      const impersonated = jarOf("root").cookies.get("authjs.session-token")!;
      const stopped = await post("root", "admin/impersonate/stop", {});
      jarOf("root").keep(stopped);
      expect(await stopped.json()).toMatchObject({ restored: true });
      expect((await sessionOf("root"))?.user?.email).toBe(people.root.email);
      const replay = await fetch(url("session"), { headers: { cookie: `authjs.session-token=${impersonated}` } });
      expect(await replay.json()).toBeNull();
    } finally {
      vi.useRealTimers();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
