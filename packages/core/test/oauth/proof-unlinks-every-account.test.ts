/**
 * The proof of an address removes every OAuth account linked to the unproven user before it, also
 * several at the provider that brings the proof (PROTOCOL §6), and `unlink/<id>` reaches each of
 * them. Driven over HTTP through Latch behind Express with the real OpenID Provider, on PGlite, the
 * real PostgreSQL (a schema of this file's own) and Redis (a key prefix of its own).
 *
 * The pre-account hijacking story: the owner signs up at a provider that has not verified their
 * address yet; an attacker claims the same address, unverified, with another account at that
 * provider, which `allowDangerousEmailAccountLinking` joins to the owner's unproven user. When the
 * provider later asserts the owner's address verified, the owner's account proves it, and the
 * attacker's account must go with everything else set up before the proof.
 */
import { randomUUID } from "node:crypto";
import type { Adapter } from "@latch/core";
import { AccountLinks } from "@latch/core/accounts";
import { PostgresAdapter } from "@latch/pg";
import { RedisAdapter } from "@latch/redis";
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { prefixedRedis } from "../redis-prefix.js";
import { createBrowser, oidcProvider, pgliteAdapter, session, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider, type TestBrowser } from "./harness.js";

let op: OpenIDProvider;
let latch: LatchServer;

beforeAll(async () => {
  [latch, op] = await Promise.all([startLatch(), startOpenIDProvider()]);
  await op.setClient({ client_id: "op", client_secret: "op-secret", redirect_uris: [`${latch.origin}/auth/callback/op`] });
}, 180_000);

afterAll(async () => {
  await latch?.close();
  await op?.close();
});

const events: { name: string; message: any }[] = [];
const record = (name: string) => (message: unknown) => void events.push({ name, message });

const warnings: string[] = [];

function configure(adapter: Adapter): void {
  events.length = 0;
  warnings.length = 0;
  latch.configure({
    logger: { error: () => {}, warn: (code) => void warnings.push(code), debug: () => {} },
    adapter,
    session: { strategy: "database" },
    account: { links: AccountLinks() },
    providers: [oidcProvider("op", op.issuer, { clientId: "op", clientSecret: "op-secret", allowDangerousEmailAccountLinking: true })],
    events: { accountUnlinked: record("accountUnlinked"), emailProven: record("emailProven") },
  });
}

/** Signs in at the provider as `sub`, which claims `email`, verified or not. */
function opSignIn(browser: TestBrowser, sub: string, email: string, emailVerified: boolean) {
  op.setAccount({ sub, email, email_verified: emailVerified, name: sub });
  op.signInAs(sub);
  return signIn(browser, latch.origin, "op");
}

async function postJson(browser: TestBrowser, path: string, body: Record<string, unknown> = {}): Promise<Response> {
  const { csrfToken } = (await (await browser.fetch(`${latch.origin}/auth/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${latch.origin}/auth/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken, ...body }) });
}

/** The suite for one store; `adapter` is read when the tests run. */
function storeSuite(adapter: () => Adapter): void {
  let a: Required<Adapter>;
  // Subjects of the provider, unique per test; the owner's sorts (and is linked) first.
  let owner: string;
  let attacker: string;
  let email: string;
  beforeEach(() => {
    a = adapter() as Required<Adapter>;
    configure(a);
    const tag = randomUUID().slice(0, 8);
    [owner, attacker, email] = [`a-owner-${tag}`, `z-attacker-${tag}`, `victim-${tag}@example.com`];
  });
  const userOf = (sub: string) => a.getUserByAccount({ provider: "op", providerAccountId: sub });

  test("the provider's proof unlinks the attacker's account at that provider, also when the proving one is listed first", async () => {
    const ownerBrowser = createBrowser();
    expect((await opSignIn(ownerBrowser, owner, email, false)).url.pathname).toBe("/dashboard");
    const unproven = (await a.getUserByEmail(email))!;
    expect(unproven.emailVerified).toBeNull();

    const attackerBrowser = createBrowser();
    expect((await opSignIn(attackerBrowser, attacker, email, false)).url.pathname).toBe("/dashboard");
    expect((await userOf(attacker))?.id).toBe(unproven.id);
    expect(await session(attackerBrowser, latch.origin)).toMatchObject({ user: { email } });

    // The provider has verified the owner's address by now.
    expect((await opSignIn(ownerBrowser, owner, email, true)).url.pathname).toBe("/dashboard");
    expect((await a.getUser(unproven.id))!.emailVerified).toBeInstanceOf(Date);
    expect(await userOf(attacker)).toBeNull();
    expect((await userOf(owner))?.id).toBe(unproven.id);
    expect(await session(attackerBrowser, latch.origin)).toBeNull();
    expect(events.filter((e) => e.name === "accountUnlinked").map((e) => [e.message.reason, e.message.account.providerAccountId])).toEqual([["emailProven", attacker]]);
  });

  test("unlink/<id> with several accounts at the provider: 409 naming them, then the one named by providerAccountId goes", async () => {
    const browser = createBrowser();
    await opSignIn(browser, owner, email, true);
    const user = (await a.getUserByEmail(email))!;
    op.setAccount({ sub: attacker, email: `work-${email}`, email_verified: true, name: "work" });
    op.signInAs(attacker);
    const { url } = (await (await postJson(browser, "link/op")).json()) as { url: string };
    await browser.follow(url);
    expect((await userOf(attacker))?.id).toBe(user.id);

    const ambiguous = await postJson(browser, "unlink/op");
    expect(ambiguous.status).toBe(409);
    expect(await ambiguous.json()).toMatchObject({ error: "SeveralLinked", providerAccountIds: [owner, attacker] });
    expect((await userOf(owner))?.id).toBe(user.id);
    expect((await userOf(attacker))?.id).toBe(user.id);

    const unknown = await postJson(browser, "unlink/op", { providerAccountId: "nobody" });
    expect(unknown.status).toBe(404);
    expect((await postJson(browser, "unlink/op", { providerAccountId: 7 })).status).toBe(400);

    const done = await postJson(browser, "unlink/op", { providerAccountId: owner });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ unlinked: "op" });
    expect(await userOf(owner)).toBeNull();
    expect((await userOf(attacker))?.id).toBe(user.id);
    // The one left is the last way in.
    expect((await postJson(browser, "unlink/op")).status).toBe(409);
    expect((await userOf(attacker))?.id).toBe(user.id);
  });
}

describe("PGlite", () => {
  let db: Awaited<ReturnType<typeof pgliteAdapter>>;
  beforeAll(async () => {
    db = await pgliteAdapter();
  });
  afterAll(() => db?.db.close());
  storeSuite(() => db.adapter);
});

// The adapter of an app that has not added the method yet: @latch/pg without it.
describe("an adapter without listAccountsByUserId (@latch/pg on PGlite, the method left out)", () => {
  let db: Awaited<ReturnType<typeof pgliteAdapter>>;
  let adapter: Required<Adapter>;
  beforeAll(async () => {
    db = await pgliteAdapter();
    const { listAccountsByUserId: _left, ...rest } = db.adapter;
    adapter = rest as Required<Adapter>;
  });
  afterAll(() => db?.db.close());
  beforeEach(() => configure(adapter));
  const userOf = (sub: string) => adapter.getUserByAccount({ provider: "op", providerAccountId: sub });

  test("Latch warns, and refuses a second account at one provider for a user whose address is not proven", async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const ownerBrowser = createBrowser();
    await opSignIn(ownerBrowser, "fallback-owner", email, false);
    const unproven = (await adapter.getUserByEmail(email))!;
    expect(warnings).toContain("accounts-not-listed");
    const before = await db.counts();

    const attacker = createBrowser();
    const { url } = await opSignIn(attacker, "fallback-attacker", email, false);
    expect(url.searchParams.get("error")).toBe("OAuthAccountNotLinked");
    expect(await userOf("fallback-attacker")).toBeNull();
    expect(await db.counts()).toEqual(before);
    expect(await session(attacker, latch.origin)).toBeNull();
    // Nor does the signed-in user link one on purpose.
    op.setAccount({ sub: "fallback-work", email: `work-${email}`, email_verified: false, name: "work" });
    op.signInAs("fallback-work");
    const { url: started } = (await (await postJson(ownerBrowser, "link/op")).json()) as { url: string };
    expect((await ownerBrowser.follow(started)).url.searchParams.get("error")).toBe("OAuthAccountNotLinked");
    expect(await db.counts()).toEqual(before);

    // Once the address is proven, a second account there is linked as before.
    await opSignIn(createBrowser(), "fallback-owner", email, true);
    await opSignIn(createBrowser(), "fallback-second", email, false);
    expect((await userOf("fallback-second"))?.id).toBe(unproven.id);
  });
});

describe.runIf(await needService(services.postgres))("PostgreSQL", () => {
  const pool = migratedSchemaPool();
  storeSuite(() => PostgresAdapter(pool));
});

describe.runIf(await needService(services.redis))("Redis", () => {
  const { redis, prefix } = prefixedRedis("latch-proof");
  storeSuite(() => RedisAdapter(redis, { prefix }));
});
