/**
 * Session control is opt-in: without `session.control` the sessions endpoints are not served and
 * new database sessions keep no browser summary; with `SessionControl()` both are there.
 * Through `Auth()` with `@latch/pg` on PGlite.
 */
import { PostgresAdapter } from "@latch/pg";
import { SessionControl } from "@latch/core/sessions";
import { describe, expect, test } from "vitest";
import { Client, alice, baseConfig } from "../../../../test/client.js";
import { aliceDatabase } from "../../../../test/alice-database.js";

describe("session control on and off", () => {
  const store = aliceDatabase();

  const firefox = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" };

  async function signedIn(control: boolean): Promise<Client> {
    const config = baseConfig({ adapter: PostgresAdapter(store.db), session: { strategy: "database", ...(control ? { control: SessionControl() } : {}) } });
    const client = new Client(config);
    const csrfToken = await client.csrfToken();
    await client.post("/auth/callback/credentials", { csrfToken, username: "alice", password: "wonderland" }, firefox);
    expect(client.jar.has("authjs.session-token")).toBe(true);
    return client;
  }

  test("off: GET and POST sessions are not actions, and the session keeps no browser summary", async () => {
    const client = await signedIn(false);
    const list = await client.fetch("/auth/sessions");
    expect(list.status).toBeGreaterThanOrEqual(400);
    expect(list.status).toBeLessThan(500);
    const revoke = await client.fetch("/auth/sessions/revoke", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken: await client.csrfToken(), all: true }) });
    expect(revoke.status).toBeGreaterThanOrEqual(400);
    expect(revoke.status).toBeLessThan(500);
    const { rows } = await store.db.query<{ userAgent: string | null }>(`SELECT "userAgent" FROM sessions`);
    expect(rows).toEqual([{ userAgent: null }]);
  });

  test("on: the list answers with the browser summary of the session", async () => {
    const client = await signedIn(true);
    const list = await client.fetch("/auth/sessions");
    expect(list.status).toBe(200);
    const { sessions } = (await list.json()) as { sessions: { userAgent: string; current: boolean }[] };
    expect(sessions).toEqual([expect.objectContaining({ userAgent: "Firefox 128 on Linux", current: true })]);
  });
});
