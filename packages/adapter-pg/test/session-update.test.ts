/**
 * Updating a database session (`POST /session` with `{ csrfToken, data }`, what `update()` of the
 * clients sends) on the real PostgreSQL: the row's expiry moves and the cookie is re-sent; an
 * expired row or no session answers null and writes nothing but the clearing cookie.
 */
import { needService, services, type TestBrowser } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFlowApp, type FlowApp } from "./flows.js";

describe.runIf(await needService(services.postgres))("updating a database session", { timeout: 120_000 }, () => {
  let app: FlowApp;
  beforeAll(async () => {
    app = await startFlowApp();
  });
  afterAll(() => app?.close());

  async function update(browser: TestBrowser, csrf = true): Promise<Response> {
    const { csrfToken } = (await (await browser.fetch(`${app.base}/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${app.base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: csrf ? csrfToken : "0".repeat(64), data: { theme: "dark" } }),
    });
  }
  const expiresOf = async () => (await app.pool.query(`SELECT expires FROM sessions`)).rows.map((r) => new Date(r.expires).getTime());

  test("a signed-in update moves the row's expiry forward and re-sends the cookie", async () => {
    await app.clear();
    const { browser } = await app.credentialsSignIn();
    await app.pool.query(`UPDATE sessions SET expires = now() + interval '1 day'`);
    const [before] = await expiresOf();
    const response = await update(browser);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe("carol@example.com");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true);
    const [after] = await expiresOf();
    expect(after! - before!).toBeGreaterThan(20 * 86_400_000);
  });

  test("an update without the CSRF token changes nothing", async () => {
    await app.clear();
    const { browser } = await app.credentialsSignIn();
    await app.pool.query(`UPDATE sessions SET expires = now() + interval '1 day'`);
    const before = await expiresOf();
    const response = await update(browser, false);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await expiresOf()).toEqual(before);
  });

  test("an expired session answers null, clears the cookie and is not extended", async () => {
    await app.clear();
    const { browser } = await app.credentialsSignIn();
    await app.pool.query(`UPDATE sessions SET expires = now() - interval '1 minute'`);
    const response = await update(browser);
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;") || /authjs\.session-token=.*Max-Age=0/.test(c))).toBe(true);
    const rows = await expiresOf();
    expect(rows.every((t) => t < Date.now())).toBe(true);
  });

  test("no session: null, nothing written", async () => {
    await app.clear();
    const before = await app.counts();
    const { createBrowser } = await import("@latch/testing");
    const response = await update(createBrowser());
    expect(await response.json()).toBeNull();
    expect(await app.counts()).toEqual(before);
  });
});
