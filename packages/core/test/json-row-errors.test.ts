/**
 * Errors of a row that answers JSON are JSON, through `Auth()` with `@latch/pg` on PGlite: a
 * cookie session's `POST sessions/revoke` without its CSRF token, or from another origin with the
 * origin check on, is
 * `403 { error: "MissingCSRF" }` and ends nothing, where the same POST with the token ends the
 * session; a fault of such a row is `500 { error: "Configuration" }` without its message. A page
 * row (the credentials sign-in), and a browser submitting a form to the JSON row, keep the
 * redirect to the sign-in page.
 */
import { PostgresAdapter } from "@latch/pg";
import { SessionControl } from "@latch/core/sessions";
import { definePlugin } from "@latch/core/plugins";
import { RateLimited } from "@latch/core/rate-limit";
import { originCheck, type AuthConfig } from "@latch/core";
import { describe, expect, test } from "vitest";
import { Client, alice, baseConfig, origin } from "./client.js";
import { aliceDatabase } from "./alice-database.js";

describe("errors of rows that answer JSON", () => {
  const store = aliceDatabase();

  const config = (overrides: Partial<AuthConfig> = {}) => baseConfig({ adapter: PostgresAdapter(store.db), session: { strategy: "database", control: SessionControl() }, ...overrides });
  const sessionCount = async () => (await store.db.query(`SELECT 1 FROM sessions`)).rows.length;

  async function signedIn(cfg = config()): Promise<Client> {
    const client = new Client(cfg);
    await client.signIn();
    expect(client.jar.has("authjs.session-token")).toBe(true);
    return client;
  }

  const revoke = (client: Client, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.fetch("/auth/sessions/revoke", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  test("POST sessions/revoke from a cookie session without its CSRF token: 403 MissingCSRF as JSON, nothing ended", async () => {
    const client = await signedIn();
    const refused = await revoke(client, { all: true });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("location")).toBeNull();
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(await refused.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await sessionCount()).toBe(1);

    const ended = await revoke(client, { all: true, csrfToken: await client.csrfToken() });
    expect(await ended.json()).toEqual({ revoked: 1 });
    expect(await sessionCount()).toBe(0);
  });

  test("with the origin check on, sent from another origin: 403 MissingCSRF as JSON, nothing ended", async () => {
    const client = await signedIn(config({ csrfCheck: originCheck }));
    const refused = await revoke(client, { all: true }, { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await sessionCount()).toBe(1);
  });

  test("a browser submitting the sessions page's form without a valid token keeps the redirect to the sign-in page", async () => {
    const client = await signedIn();
    const refused = await client.fetch("/auth/sessions/revoke", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      body: new URLSearchParams({ all: "true", csrfToken: "forged" }).toString(),
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=MissingCSRF`);
    expect(await sessionCount()).toBe(1);
  });

  test("a page row keeps the redirect: the credentials sign-in without a CSRF token goes to the sign-in page", async () => {
    const client = new Client(config());
    const refused = await client.fetch("/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "alice", password: "wonderland" }).toString(),
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=MissingCSRF`);
    expect(await sessionCount()).toBe(0);
  });

  test("a fault of a JSON row is 500 Configuration as JSON, its message kept out of the answer", async () => {
    const adapter = PostgresAdapter(store.db);
    const failing = config({ adapter: { ...adapter, listSessions: () => Promise.reject(new Error("connection to db-7.internal refused")) } });
    const client = await signedIn(failing);
    const answer = await client.fetch("/auth/sessions");
    expect(answer.status).toBe(500);
    expect(answer.headers.get("location")).toBeNull();
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ error: "Configuration" });
    expect(text).not.toContain("db-7.internal");
  });

  test("a RateLimited thrown by a JSON row's handler is 429 with Retry-After, not a redirect", async () => {
    const busy = definePlugin({ id: "busy", endpoints: { try: { method: "GET", path: "", handler: () => { throw new RateLimited("busy: too many", 12); } } } });
    const answer = await new Client(baseConfig({ plugins: [busy] })).fetch("/auth/busy");
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("12");
    expect(await answer.json()).toMatchObject({ error: "RateLimited" });
  });
});
