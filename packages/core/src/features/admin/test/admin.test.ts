/**
 * `Admin()` over real HTTP (node:http in front of `Auth()`), roles and bans stored through
 * `@latch/pg` on PGlite and on the real PostgreSQL (a schema of its own): who may call the admin
 * endpoints (401, 403, the CSRF token), listing and searching users with paging, one user's
 * sessions and accounts, a ban ending the user's database sessions at once and refusing every
 * sign-in (credentials, and the emailed link through a real SMTP server), a ban with an end that
 * lapses by itself (a set clock), site roles, removal with everything of the user, the refusals
 * of an administrator acting on themselves, the only owner of an organization kept until the
 * ownership moves, and JWT sessions ended through `JwtRevocation()`
 * (real Redis).
 */
import { randomUUID } from "node:crypto";
import type { AuthConfig } from "@latch/core";
import type { OrganizationAdapter } from "@latch/core/adapters";
import { Admin } from "@latch/core/admin";
import { ApiKeys, verifyApiKey } from "@latch/core/api-keys";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { Organizations } from "@latch/core/organizations";
import { JwtRevocation } from "@latch/core/revocation";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { secret } from "../../../../test/client.js";
import { Jar, pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browsers, people } from "./site.js";

const engines = await pgEngines();
const redisUp = await needService(services.redis);
type Person = keyof typeof people;

/** The log lines of every level: the type, the message or the error's message, and the level. */
const logged: [string, string, "error" | "warn"][] = [];
const line = (level: "error" | "warn") => (type: string, message: unknown) => void logged.push([type, message instanceof Error ? message.message : String(message), level]);
const quiet = { error: line("error"), warn: line("warn"), debug: () => {} };

describe.each(engines)("site administration on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  const browsers = new Browsers(() => latch, people);

  /** Credentials that know every stored user by address, with the password "pw". */
  const credentials = () =>
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize({ email, password }) {
        if (password !== "pw") return null;
        const { rows } = await engine.db.query(`SELECT id, email, name FROM users WHERE email = $1`, [email]);
        return (rows[0] as { id: string; email: string; name: string } | undefined) ?? null;
      },
    });

  const configOf = (overrides: Partial<AuthConfig> = {}): AuthConfig => ({
    secret,
    trustHost: true,
    logger: quiet,
    adapter: PostgresAdapter(engine.db as never),
    session: { strategy: "database" },
    providers: [credentials(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
    admin: Admin({ adminUserIds: [people.root.id], maxPerPage: 50 }),
    ...overrides,
  });

  const url = (path: string) => `${latch.origin}/auth/${path}`;

  const csrfToken = (jar: Jar) => browsers.csrfToken(jar);
  const signInAnswer = (who: Person, json = false) => browsers.signInAnswer(who, json);

  /** Signs `who` in with credentials in a fresh jar; the redirect's target. */
  async function signIn(who: Person): Promise<string> {
    return (await signInAnswer(who)).headers.get("location") ?? "";
  }

  /** Signs `who` in and expects the ban page: 403, no session cookie; its text. */
  async function bannedSignIn(who: Person): Promise<string> {
    const response = await signInAnswer(who);
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.getSetCookie().some((cookie) => /session-token=[^;]/.test(cookie))).toBe(false);
    const text = await response.text();
    expect(text).toContain("Account banned");
    return text;
  }

  const jarOf = (who: Person) => browsers.jarOf(who);

  async function sessionOf(who: Person): Promise<{ user?: { email?: string } } | null> {
    const response = await fetch(url("session"), { headers: { cookie: jarOf(who).header() } });
    return (await response.json()) as { user?: { email?: string } } | null;
  }

  const get = (who: Person | null, path: string) => fetch(url(path), { headers: who ? { cookie: jarOf(who).header() } : {} });

  const post = (who: Person | null, path: string, body: Record<string, unknown>, withToken = true) => browsers.post(who, path, body, { withToken });

  async function standing(id: string) {
    const { rows } = await engine.db.query(`SELECT s."siteRole", coalesce(s.banned, false) AS banned, s."banReason", s."banExpires" FROM users u LEFT JOIN user_standings s ON s."userId" = u.id WHERE u.id = $1`, [id]);
    return rows[0] as { siteRole: string | null; banned: boolean; banReason: string | null; banExpires: Date | null } | undefined;
  }

  const sessionRows = async (id: string) => (await engine.db.query(`SELECT 1 FROM sessions WHERE "userId" = $1`, [id])).rows.length;

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    smtp = await startSmtpServer();
    latch = await serveLatch({ secret } as AuthConfig);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await smtp.close();
    await engine.close();
  });
  beforeEach(async () => {
    if (!available) return;
    await browsers.reset(engine);
    latch.config = configOf();
    smtp.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test.skipIf(!available)("not signed in: 401; a signed-in user who is not an administrator: 403, and nothing changes; a POST without the CSRF token: 403", async () => {
    for (const path of ["admin/users", "admin/user?id=user-bob"]) {
      const response = await get(null, path);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "NotSignedIn" });
    }
    expect((await post(null, "admin/ban", { userId: people.bob.id })).status).toBe(401);

    await signIn("bob");
    expect((await sessionOf("bob"))?.user?.email).toBe(people.bob.email);
    for (const path of ["admin/users", "admin/user?id=user-carol"]) {
      const response = await get("bob", path);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: "Forbidden" });
    }
    for (const [path, body] of [
      ["admin/ban", { userId: people.carol.id, reason: "x" }],
      ["admin/role", { userId: people.bob.id, role: "admin" }],
      ["admin/role", { userId: people.carol.id, role: "admin" }],
      ["admin/remove", { userId: people.carol.id }],
      ["admin/unban", { userId: people.carol.id }],
    ] as const) {
      const response = await post("bob", path, body);
      expect(response.status, path).toBe(403);
    }
    expect(await standing(people.carol.id)).toEqual({ siteRole: null, banned: false, banReason: null, banExpires: null });
    expect(await standing(people.bob.id)).toMatchObject({ siteRole: null });
    expect((await engine.db.query(`SELECT 1 FROM users WHERE id = $1`, [people.carol.id])).rows).toHaveLength(1);

    await signIn("root");
    const unchecked = await post("root", "admin/ban", { userId: people.carol.id }, false);
    expect(unchecked.status).toBe(403);
    expect(await unchecked.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await standing(people.carol.id)).toMatchObject({ banned: false });
  });

  test.skipIf(!available)("an administrator lists users a page at a time, searches them, and sees one user's sessions and accounts without a token", async () => {
    await signIn("root");
    const all = await get("root", "admin/users?perPage=3");
    expect(all.status).toBe(200);
    const first = (await all.json()) as { users: { email: string }[]; total: number; page: number; perPage: number };
    expect(first).toMatchObject({ total: 4, page: 1, perPage: 3 });
    expect(first.users.map((user) => user.email)).toEqual(["bob@example.com", "carol@example.com", "dave@example.com"]);
    const second = (await (await get("root", "admin/users?perPage=3&page=2")).json()) as typeof first;
    expect(second.users.map((user) => user.email)).toEqual(["root@example.com"]);
    const found = (await (await get("root", "admin/users?search=CAR")).json()) as typeof first;
    expect(found).toMatchObject({ total: 1, users: [{ id: people.carol.id, email: people.carol.email, name: "Carol", role: null, banned: false }] });
    for (const bad of ["perPage=51", "perPage=0", "page=-1", "page=x"]) expect((await get("root", `admin/users?${bad}`)).status, bad).toBe(400);

    await signIn("bob");
    await engine.db.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId", access_token) VALUES ($1, 'oauth', 'github', '42', 'secret-access-token')`, [people.bob.id]);
    const viewed = await get("root", `admin/user?id=${people.bob.id}`);
    expect(viewed.status).toBe(200);
    const text = await viewed.text();
    const body = JSON.parse(text) as { user: { id: string }; sessions: { id: string }[]; accounts: unknown[] };
    expect(body.user).toMatchObject({ id: people.bob.id, banned: false });
    expect(body.sessions).toHaveLength(1);
    expect(body.accounts).toEqual([{ provider: "github", type: "oauth", providerAccountId: "42" }]);
    const token = [...jarOf("bob").cookies.values()].find((value) => value.length > 30)!;
    expect(text).not.toContain(token);
    expect(text).not.toContain("secret-access-token");
    expect((await get("root", "admin/user?id=nobody")).status).toBe(404);
    expect((await get("root", "admin/user")).status).toBe(400);
  });

  test.skipIf(!available)("a ban ends the user's sessions at once and refuses the credentials sign-in and the emailed link with the ban page (UserBanned, a warn line); lifting it lets them in", async () => {
    await signIn("root");
    expect(await signIn("bob")).not.toContain("error=");
    expect(await sessionRows(people.bob.id)).toBe(1);

    const banned = await post("root", "admin/ban", { userId: people.bob.id, reason: "spam" });
    expect(banned.status).toBe(200);
    expect(await banned.json()).toMatchObject({ userId: people.bob.id, banned: true, banReason: "spam", banExpires: null, sessionsEnded: 1 });
    expect(await sessionRows(people.bob.id)).toBe(0);
    expect(await sessionOf("bob")).toBeNull();

    logged.length = 0;
    const page = await bannedSignIn("bob");
    expect(page).toContain("Reason: spam");
    expect(page).not.toContain("The ban ends");
    expect(await sessionRows(people.bob.id)).toBe(0);
    // Logged as a refusal (warn), never as an error.
    expect(logged.filter(([type]) => type === "UserBanned").map(([, message, level]) => [message.includes("banned"), level])).toEqual([[true, "warn"]]);
    expect(logged.filter(([, , level]) => level === "error")).toEqual([]);
    // A script asking for JSON gets the refusal with the reason.
    const json = await signInAnswer("bob", true);
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ error: "UserBanned", message: "A site administrator banned this account.", reason: "spam" });

    // The emailed link: the mail goes out, following it starts no session.
    const mailJar = new Jar();
    const mailToken = await csrfToken(mailJar);
    const asked = await fetch(url("signin/nodemailer"), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: mailJar.header() },
      body: new URLSearchParams({ csrfToken: mailToken, email: people.bob.email }),
    });
    expect(asked.status).toBe(302);
    const mail = await smtp.waitForMail({ to: people.bob.email });
    const link = mail.urls.find((address) => address.includes("/auth/callback/nodemailer"))!;
    const followed = await fetch(link, { redirect: "manual", headers: { cookie: mailJar.header() } });
    expect(followed.status).toBe(403);
    expect(await followed.text()).toContain("Reason: spam");
    expect(followed.headers.getSetCookie().some((cookie) => /session-token=[^;]/.test(cookie))).toBe(false);
    expect(await sessionRows(people.bob.id)).toBe(0);

    const lifted = await post("root", "admin/unban", { userId: people.bob.id });
    expect(await lifted.json()).toMatchObject({ banned: false, banReason: null });
    expect(await signIn("bob")).not.toContain("error=");
    expect((await sessionOf("bob"))?.user?.email).toBe(people.bob.email);
  });

  test.skipIf(!available)("a ban with an end refuses sign-in until the end passes, then lapses by itself", async () => {
    await signIn("root");
    const start = Date.now();
    const until = new Date(start + 3_600_000);
    const banned = await post("root", "admin/ban", { userId: people.carol.id, reason: "cool off", expires: until.toISOString() });
    expect(await banned.json()).toMatchObject({ banned: true, banExpires: until.toISOString() });
    const page = await bannedSignIn("carol");
    expect(page).toContain("Reason: cool off");
    expect(page).toMatch(/The ban ends on [^<]*\d{4}[^<]* UTC\./);
    const json = await signInAnswer("carol", true);
    expect(await json.json()).toMatchObject({ error: "UserBanned", reason: "cool off", expires: until.toISOString() });
    vi.useFakeTimers({ toFake: ["Date"], now: start + 3_600_000 - 5_000 });
    await bannedSignIn("carol");
    vi.setSystemTime(start + 3_600_000 + 1_000);
    expect(await signIn("carol")).not.toContain("error=");
    expect((await sessionOf("carol"))?.user?.email).toBe(people.carol.email);
    const listed = (await (await get("root", "admin/users?search=carol")).json()) as { users: { banned: boolean; banReason: string | null }[] };
    expect(listed.users[0]).toMatchObject({ banned: false, banReason: null });
    for (const expires of ["yesterday", new Date(start).toISOString(), 12]) {
      expect((await post("root", "admin/ban", { userId: people.carol.id, expires })).status, String(expires)).toBe(400);
    }
  });

  test.skipIf(!available)("site roles: an administrator makes another; a banned administrator is not one; nobody bans, demotes or removes themselves", async () => {
    await signIn("root");
    await signIn("carol");
    expect((await get("carol", "admin/users")).status).toBe(403);
    const made = await post("root", "admin/role", { userId: people.carol.id, role: "admin" });
    expect(await made.json()).toMatchObject({ userId: people.carol.id, role: "admin" });
    expect((await get("carol", "admin/users")).status).toBe(200);
    expect((await post("root", "admin/role", { userId: people.carol.id, role: "Root!" })).status).toBe(400);

    for (const [path, body] of [
      ["admin/ban", { userId: people.carol.id }],
      ["admin/role", { userId: people.carol.id, role: null }],
      ["admin/remove", { userId: people.carol.id }],
    ] as const) {
      const response = await post("carol", path, body);
      expect(response.status, path).toBe(409);
      expect(await response.json()).toMatchObject({ error: "AdminActionRefused" });
    }
    expect(await standing(people.carol.id)).toMatchObject({ siteRole: "admin", banned: false });

    // Carol, an administrator by her role, bans dave; root bans carol, who is then no administrator.
    expect((await post("carol", "admin/ban", { userId: people.dave.id })).status).toBe(200);
    await signIn("carol");
    expect((await post("root", "admin/ban", { userId: people.carol.id })).status).toBe(200);
    expect((await get("carol", "admin/users")).status).toBe(401);
    const demoted = await post("root", "admin/role", { userId: people.carol.id, role: null });
    expect(await demoted.json()).toMatchObject({ role: null, banned: true });
  });

  test.skipIf(!available)("an API key of a banned user is refused with AccessDenied, by the router and by verifyApiKey, until the ban is lifted", async () => {
    latch.config = configOf({ apiKeys: ApiKeys({ cacheSeconds: 0 }) });
    await signIn("root");
    await signIn("bob");
    const made = await post("bob", "api-keys/create", { name: "script" });
    expect(made.status).toBe(201);
    const { key } = (await made.json()) as { key: string };
    const read = () => fetch(url("session"), { headers: { "x-api-key": key } });
    expect((await read()).status).toBe(200);
    expect((await post("root", "admin/ban", { userId: people.bob.id })).status).toBe(200);
    const refused = await read();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "AccessDenied" });
    await expect(verifyApiKey(latch.config, key)).rejects.toMatchObject({ type: "AccessDenied" });
    // A wrong secret is still only "not valid": the ban is said to the holder of the whole key.
    const wrong = await fetch(url("session"), { headers: { "x-api-key": `${key.slice(0, -4)}AAAA` } });
    expect(wrong.status).toBe(401);
    await post("root", "admin/unban", { userId: people.bob.id });
    expect((await read()).status).toBe(200);
    expect((await verifyApiKey(latch.config, key)).owner.id).toBe(people.bob.id);
  });

  test.skipIf(!available)("malformed bodies and queries are 400 and change nothing", async () => {
    await signIn("root");
    for (const [path, body] of [
      ["admin/ban", {}],
      ["admin/ban", { userId: 42 }],
      ["admin/ban", { userId: "x".repeat(256) }],
      ["admin/ban", { userId: people.bob.id, reason: { text: "x" } }],
      ["admin/ban", { userId: people.bob.id, reason: "x".repeat(501) }],
      ["admin/ban", { userId: people.bob.id, expires: { at: 1 } }],
      ["admin/ban", { userId: people.bob.id, expires: "9".repeat(41) }],
      ["admin/role", { userId: people.bob.id, role: 5 }],
      ["admin/role", { userId: people.bob.id, role: "a".repeat(33) }],
      ["admin/unban", { userId: [people.bob.id] }],
      ["admin/remove", { userId: null }],
    ] as const) {
      const response = await post("root", path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    for (const query of ["search=" + "a".repeat(201), "page=1e3", "perPage=2.5", "page=0"]) expect((await get("root", `admin/users?${query}`)).status, query).toBe(400);
    expect((await get("root", `admin/user?id=${"x".repeat(256)}`)).status).toBe(400);
    expect(await standing(people.bob.id)).toEqual({ siteRole: null, banned: false, banReason: null, banExpires: null });
    expect((await engine.db.query(`SELECT 1 FROM users WHERE id = $1`, [people.bob.id])).rows).toHaveLength(1);
  });

  test.skipIf(!available)("without Admin() the admin paths are served by nothing, and stay reserved", async () => {
    latch.config = configOf({ admin: undefined });
    await signIn("root");
    const response = await get("root", "admin/users");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "UnknownAction" });
  });

  test.skipIf(!available)("removing a user deletes them and everything of theirs through deleteUser", async () => {
    await signIn("root");
    await signIn("bob");
    await engine.db.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES ($1, 'oauth', 'github', '7')`, [people.bob.id]);
    await engine.db.query(`INSERT INTO user_standings ("userId", "banReason") VALUES ($1, 'noted')`, [people.bob.id]);
    const removed = await post("root", "admin/remove", { userId: people.bob.id });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ userId: people.bob.id, removed: true });
    for (const table of ["users", "sessions", "accounts", "user_standings"]) {
      const column = table === "users" ? "id" : `"userId"`;
      expect((await engine.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [people.bob.id])).rows, table).toEqual([]);
    }
    expect(await sessionOf("bob")).toBeNull();
    expect((await post("root", "admin/remove", { userId: people.bob.id })).status).toBe(404);
    expect((await post("root", "admin/remove", { userId: people.root.id })).status).toBe(409);
    expect((await post("root", "admin/remove", {})).status).toBe(400);
  });

  test.skipIf(!available)("with Organizations(), the only owner of an organization is not removed until another member owns it", async () => {
    latch.config = configOf({ organizations: Organizations() });
    await signIn("root");
    await signIn("bob");
    await signIn("carol");
    const made = await post("bob", "organizations/create", { name: "Bob's", slug: `bobs-${randomUUID().slice(0, 8)}` });
    expect(made.status).toBe(201);
    const { organization } = (await made.json()) as { organization: { id: string } };
    const refused = await post("root", "admin/remove", { userId: people.bob.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "AdminActionRefused", message: expect.stringContaining("only owner") });
    expect((await engine.db.query(`SELECT 1 FROM users WHERE id = $1`, [people.bob.id])).rows).toHaveLength(1);
    expect((await sessionOf("bob"))?.user?.email).toBe(people.bob.email);

    // Carol joins as a member, then takes the ownership: Bob is no longer the only owner.
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now())`, [organization.id, people.carol.id]);
    expect((await post("root", "admin/remove", { userId: people.bob.id })).status).toBe(409);
    expect((await post("bob", "organizations/transfer", { organizationId: organization.id, userId: people.carol.id })).status).toBe(200);
    expect((await post("root", "admin/remove", { userId: people.bob.id })).status).toBe(200);
    const owners = await engine.db.query(`SELECT "userId" FROM members WHERE "organizationId" = $1 AND role = 'owner'`, [organization.id]);
    expect(owners.rows).toEqual([{ userId: people.carol.id }]);
  });

  test.skipIf(!available)("with Organizations(), the other owner leaving while the removal runs cannot leave the organization without an owner", async () => {
    latch.config = configOf({ organizations: Organizations() });
    await signIn("root");
    await signIn("dave");
    const { organization } = (await (await post("dave", "organizations/create", { name: "Dave's", slug: `daves-${randomUUID().slice(0, 8)}` })).json()) as { organization: { id: string } };
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'owner', now())`, [organization.id, people.carol.id]);
    // The removal's read of the owners finds two; right after it, Carol leaves (her own guarded write).
    const adapter = PostgresAdapter(engine.db as never) as ReturnType<typeof PostgresAdapter> & OrganizationAdapter;
    const raced: typeof adapter = {
      ...adapter,
      async listMembers(organizationId: string) {
        const members = await adapter.listMembers(organizationId);
        if (organizationId === organization.id) expect(await adapter.deleteMember(organization.id, people.carol.id)).not.toBeNull();
        return members;
      },
    };
    latch.config = configOf({ adapter: raced, organizations: Organizations() });
    const refused = await post("root", "admin/remove", { userId: people.dave.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "AdminActionRefused", message: expect.stringContaining("only owner") });
    const owners = await engine.db.query(`SELECT "userId" FROM members WHERE "organizationId" = $1 AND role = 'owner'`, [organization.id]);
    expect(owners.rows).toEqual([{ userId: people.dave.id }]);
    expect((await engine.db.query(`SELECT 1 FROM users WHERE id = $1`, [people.dave.id])).rows).toHaveLength(1);
  });

  test.skipIf(!available || !redisUp)("JWT sessions: a ban revokes the user's tokens through JwtRevocation(); without revocation Admin() refuses to start", async () => {
    const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
    const prefix = `latch-admin-${randomUUID().slice(0, 8)}:`;
    try {
      latch.config = configOf({ session: { strategy: "jwt", revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) } });
      await signIn("root");
      await signIn("bob");
      expect((await sessionOf("bob"))?.user?.email).toBe(people.bob.email);
      expect((await post("root", "admin/ban", { userId: people.bob.id })).status).toBe(200);
      expect(await sessionOf("bob")).toBeNull();
      await bannedSignIn("bob");
      await post("root", "admin/unban", { userId: people.bob.id });
      expect(await signIn("bob")).not.toContain("error=");
      expect((await sessionOf("bob"))?.user?.email).toBe(people.bob.email);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    latch.config = configOf({ session: { strategy: "jwt" } });
    const refused = await get(null, "admin/users");
    expect(refused.status).toBe(500);
  });
});
