/**
 * Concurrent first sign-ins of one person on the real PostgreSQL, over real HTTP: the same OIDC
 * account at the real OpenID Provider 50 times at once, one email link opened 50 times at once,
 * and 50 different links of one new address opened at once.
 */
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { linkIn, startFlowApp, type FlowApp } from "./flows.js";

const n = 50;

describe.runIf(await needService(services.postgres))(`${n} concurrent first sign-ins of one person`, { timeout: 180_000 }, () => {
  let app: FlowApp;
  beforeAll(async () => {
    app = await startFlowApp();
  });
  afterAll(() => app?.close());

  const home = () => `${app.origin}/home`;
  const userRows = async (email: string) => (await app.pool.query(`SELECT id FROM users WHERE email = $1`, [email])).rows;

  test("the same OIDC account: every one signs in, one user, one account", async () => {
    await app.clear();
    const flows = [];
    for (let i = 0; i < n; i += 10) flows.push(...(await Promise.all(Array.from({ length: 10 }, () => app.reachOidcCallback()))));
    const answers = await Promise.all(flows.map(({ browser, callbackUrl }) => browser.fetch(callbackUrl)));
    expect(answers.map((r) => r.headers.get("location"))).toEqual(Array(n).fill(home()));
    expect(await userRows("grace@example.com")).toHaveLength(1);
    expect((await app.pool.query(`SELECT count(*)::int AS n FROM accounts WHERE provider = 'op'`)).rows[0].n).toBe(1);
    expect((await app.counts()).sessions).toBe(n);
    expect(await app.orphans()).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  test("one email link opened 50 times at once: exactly one sign-in, the token used once", async () => {
    await app.clear();
    const { browser } = await app.requestLink("ada@example.com");
    const link = await linkIn(app.smtp, "ada@example.com", app.base);
    expect((await app.counts()).tokens).toBe(1);
    const answers = await Promise.all(Array.from({ length: n }, () => browser.fetch(link)));
    const locations = answers.map((r) => r.headers.get("location"));
    expect(locations.filter((l) => l === home())).toHaveLength(1);
    expect(locations.filter((l) => l === `${app.base}/error?error=Verification`)).toHaveLength(n - 1);
    const counts = await app.counts();
    expect(counts.tokens).toBe(0);
    expect(counts.sessions).toBe(1);
    expect(await userRows("ada@example.com")).toHaveLength(1);
  });

  test("50 links of one new address opened at once: all sign in, one user", async () => {
    await app.clear();
    const requested = [];
    for (let i = 0; i < n; i++) {
      const { browser } = await app.requestLink("bea@example.com");
      requested.push({ browser, link: await linkIn(app.smtp, "bea@example.com", app.base) });
    }
    const answers = await Promise.all(requested.map(({ browser, link }) => browser.fetch(link)));
    expect(answers.map((r) => r.headers.get("location"))).toEqual(Array(n).fill(home()));
    expect(await userRows("bea@example.com")).toHaveLength(1);
    const counts = await app.counts();
    expect(counts.tokens).toBe(0);
    expect(counts.sessions).toBe(n);
  });
});
