/**
 * A session cookie that holds bytes no issued token has (a NUL, which PostgreSQL refuses in text)
 * is answered as an unknown session on the real PostgreSQL: the session reads as null, sign-in and
 * sign-out go on, the cookie is cleared, and nothing reaches the error page as `Configuration`.
 */
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFlowApp, type FlowApp } from "./flows.js";

describe.runIf(await needService(services.postgres))("a session cookie with control characters", { timeout: 120_000 }, () => {
  let app: FlowApp;
  beforeAll(async () => {
    app = await startFlowApp();
  });
  afterAll(() => app?.close());

  const clearsCookie = (response: Response) => response.headers.getSetCookie().some((c) => /^authjs\.session-token=;|^authjs\.session-token=.*Max-Age=0/i.test(c));

  for (const value of ["%00", "abc%00def", "%1F", "%7F"]) {
    test(`GET /session with ${value}: null and the cookie cleared`, async () => {
      app.errors.length = 0;
      const response = await fetch(`${app.base}/session`, { headers: { cookie: `authjs.session-token=${value}` } });
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      expect(clearsCookie(response)).toBe(true);
      expect(app.errors).toEqual([]);
    });
  }

  test("sign-out with a NUL in the cookie signs out instead of showing the error page", async () => {
    const csrf = await fetch(`${app.base}/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const response = await fetch(`${app.base}/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${csrfCookie}; authjs.session-token=%00` },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${app.origin}/home` }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/home`);
    expect(clearsCookie(response)).toBe(true);
  });

  test("a credentials sign-in over a NUL cookie starts a real session", async () => {
    await app.clear();
    const csrf = await fetch(`${app.base}/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const response = await fetch(`${app.base}/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${csrfCookie}; authjs.session-token=%00` },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${app.origin}/home`, username: "carol", password: "correct horse" }),
    });
    expect(response.headers.get("location")).toBe(`${app.origin}/home`);
    expect((await app.counts()).sessions).toBe(1);
  });
});
