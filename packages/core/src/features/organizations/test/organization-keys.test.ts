/**
 * API keys an organization owns, over real HTTP with `@latch/pg` on PGlite and on PostgreSQL:
 * made only by a member whose role allows `apiKey:create` (with a recent sign-in), listed and
 * revoked only with the permission, read as the organization's (no user), kept when their maker
 * leaves, ended with the organization; a user's key never stands for an organization's nor the
 * other way round.
 */
import { ApiKeys } from "@latch/core/api-keys";
import { Organizations } from "@latch/core/organizations";
import { migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, people, seedPeople } from "./harness.js";

const engines = await pgEngines();

describe.each(engines)("organization API keys stored on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let alice: Browser, bob: Browser, carol: Browser;

  const withKey = (path: string, key: string, init: RequestInit = {}) => fetch(`${latch.origin}/auth/${path}`, { ...init, headers: { "x-api-key": key, "content-type": "application/json", ...(init.headers as Record<string, string>) } });

  /** An organization whose owner is alice and whose members are bob (`member`) and `more`. */
  async function organization(slug: string): Promise<string> {
    const response = await alice.post("organizations/create", { name: slug, slug });
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { organization: { id: string } }).organization.id;
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now())`, [id, people.bob.id]);
    return id;
  }

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    latch = await serveLatch(organizationsConfig(countedAdapter(engine.db).adapter, smtp, { organizations: Organizations(), apiKeys: ApiKeys() }));
    [alice, bob, carol] = await Promise.all([new Browser(latch.origin).signIn("alice"), new Browser(latch.origin).signIn("bob"), new Browser(latch.origin).signIn("carol")]);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  test.skipIf(!available)("an owner makes a key of the organization; a member without apiKey:create and a non-member are refused and nothing is stored", async () => {
    const id = await organization("keys-made");
    const made = await alice.post("api-keys/create", { organizationId: id, name: "deploy", scopes: ["deploy"] });
    expect(made.status).toBe(201);
    const { key, apiKey } = (await made.json()) as { key: string; apiKey: { id: string; owner: unknown } };
    expect(apiKey.owner).toEqual({ type: "organization", id });
    expect((await engine.db.query(`SELECT "ownerType", "ownerId", "userId" FROM api_keys WHERE id = $1`, [apiKey.id])).rows).toEqual([{ ownerType: "organization", ownerId: id, userId: null }]);

    const member = await bob.post("api-keys/create", { organizationId: id, name: "mine" });
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({ error: "OrganizationPermissionDenied" });
    const outsider = await carol.post("api-keys/create", { organizationId: id, name: "theirs" });
    expect(outsider.status).toBe(404);
    expect(await outsider.json()).toMatchObject({ error: "OrganizationNotFound" });
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE "ownerId" = $1`, [id])).rows).toEqual([{ n: 1 }]);

    // Listing and revoking the organization's keys need the permission too.
    expect((await bob.get(`api-keys?organizationId=${id}`)).status).toBe(403);
    expect((await bob.post("api-keys/revoke", { organizationId: id, id: apiKey.id })).status).toBe(403);
    const listed = await alice.get(`api-keys?organizationId=${id}`);
    expect(((await listed.json()) as { keys: { id: string }[] }).keys.map((k) => k.id)).toEqual([apiKey.id]);
    // Alice's own list holds no key of the organization.
    expect(((await (await alice.get("api-keys")).json()) as { keys: { id: string }[] }).keys.map((k) => k.id)).not.toContain(apiKey.id);

    // The key reads as the organization's: its id and slug, no user.
    const session = (await (await withKey("session", key)).json()) as Record<string, unknown>;
    expect(session.user).toBeUndefined();
    expect(session.apiKey).toMatchObject({ id: apiKey.id, owner: { type: "organization", id, slug: "keys-made" }, scopes: ["deploy"] });
  });

  test.skipIf(!available)("a user's key never manages an organization's keys, an organization's key only its own organization's, and a user's revoke never reaches an organization's key", async () => {
    const id = await organization("keys-apart");
    const other = await organization("keys-other");
    const userKey = ((await (await alice.post("api-keys/create", { name: "alice's", scopes: ["api-keys"] })).json()) as { key: string }).key;
    const orgMade = (await (await alice.post("api-keys/create", { organizationId: id, name: "org's", scopes: ["api-keys"] })).json()) as { key: string; apiKey: { id: string } };
    const asUser = await withKey(`api-keys?organizationId=${id}`, userKey);
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toMatchObject({ error: "ApiKeyNotAllowed" });
    expect((await withKey(`api-keys?organizationId=${other}`, orgMade.key)).status).toBe(403);
    const own = await withKey("api-keys", orgMade.key);
    expect(((await own.json()) as { keys: { id: string }[] }).keys.map((k) => k.id)).toEqual([orgMade.apiKey.id]);
    // Revoking without naming the organization looks among alice's keys only.
    expect((await alice.post("api-keys/revoke", { id: orgMade.apiKey.id })).status).toBe(404);
    expect((await withKey("session", orgMade.key)).status).toBe(200);
  });

  test.skipIf(!available)("the key outlives its maker's membership and ends with the organization", async () => {
    const id = await organization("keys-outlive");
    const { key, apiKey } = (await (await alice.post("api-keys/create", { organizationId: id, name: "ci" })).json()) as { key: string; apiKey: { id: string } };
    expect((await alice.post("organizations/transfer", { organizationId: id, userId: people.bob.id })).status).toBe(200);
    expect((await alice.post("organizations/leave", { organizationId: id })).status).toBe(200);
    expect((await withKey("session", key)).status).toBe(200);
    // Bob, the owner now, revokes it; a second key dies with the organization.
    expect((await bob.post("api-keys/revoke", { organizationId: id, id: apiKey.id })).status).toBe(200);
    expect((await withKey("session", key)).status).toBe(401);
    const second = ((await (await bob.post("api-keys/create", { organizationId: id, name: "ci 2" })).json()) as { key: string }).key;
    expect((await withKey("session", second)).status).toBe(200);
    expect((await bob.post("organizations/delete", { organizationId: id })).status).toBe(200);
    const gone = await withKey("session", second);
    expect(gone.status).toBe(401);
    expect(await gone.json()).toMatchObject({ error: "InvalidApiKey" });
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE "ownerId" = $1`, [id])).rows).toEqual([{ n: 0 }]);
  });
});
