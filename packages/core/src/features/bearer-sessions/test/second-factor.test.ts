/**
 * A client without cookies signing in as a user with an authenticator app, through `Auth()` with
 * `@latch/pg` on PGlite: the first factor answers the waiting sign-in as a token (no session
 * yet), and the code sent back with it gives the session's token.
 */
import type { Adapter, AuthConfig } from "@latch/core";
import { Auth } from "@latch/core";
import { BearerSessions } from "@latch/core/bearer";
import { SecondFactors } from "@latch/core/second-factors";
import { describe, expect, test } from "vitest";
import { Client, origin, quietLogger, secret } from "../../../../test/client.js";
import { clientPost, enrolTotp, rightPasswordCredentials, stepNow, totp, usePgliteAdapter } from "../../../../test/second-factor-client.js";

let adapter: Adapter;
usePgliteAdapter((running) => ({ adapter } = running));

const config = (strategy: "jwt" | "database"): AuthConfig => ({
  secret,
  trustHost: true,
  adapter,
  session: { strategy, bearer: BearerSessions() },
  logger: quietLogger().logger,
  providers: [rightPasswordCredentials(adapter)],
  secondFactor: SecondFactors(),
});

const call = (cfg: AuthConfig, path: string, init: RequestInit = {}) => Auth(new Request(`${origin}${path}`, init), cfg as Omit<AuthConfig, "raw">);

describe.each(["database", "jwt"] as const)("a bearer sign-in with a second factor (%s sessions)", (strategy) => {
  test("the waiting sign-in comes back as a token; the code sent with it gives the session's token", async () => {
    const cfg = config(strategy);
    const email = `bearer-${strategy}-${crypto.randomUUID()}@example.com`;
    await adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: null, image: null });
    const browser = new Client(cfg);
    const csrfToken = await browser.csrfToken();
    await browser.post("/auth/callback/credentials", { csrfToken, email, password: "right" });
    const { secret: totpSecret } = await enrolTotp(clientPost(browser));

    const first = await call(cfg, "/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-token": "1" },
      body: new URLSearchParams({ email, password: "right" }),
    });
    expect(first.status).toBe(200);
    // Neither a session nor the waiting sign-in travels as a cookie.
    expect(first.headers.getSetCookie().filter((cookie) => /session-token|second-factor/.test(cookie))).toEqual([]);
    const { secondFactor } = (await first.json()) as { secondFactor: { token: string; factors: string[] } };
    expect(secondFactor.factors).toEqual(expect.arrayContaining(["totp", "backup"]));
    // The waiting sign-in is no session.
    expect(await (await call(cfg, "/auth/session", { headers: { authorization: `Bearer ${secondFactor.token}` } })).json()).toBeNull();

    const answer = (code: string) =>
      call(cfg, "/auth/second-factor", {
        method: "POST",
        headers: { "content-type": "application/json", "x-auth-return-token": "1", "x-auth-second-factor": secondFactor.token, "x-auth-return-redirect": "1" },
        body: JSON.stringify({ code }),
      });
    const wrong = await answer("000000" === totp(totpSecret, stepNow()) ? "111111" : "000000");
    expect(await wrong.text()).not.toMatch(/"token"/);
    const right = await answer(totp(totpSecret, stepNow()));
    expect(right.status).toBe(200);
    const { token } = (await right.json()) as { token: string };
    expect(await (await call(cfg, "/auth/session", { headers: { authorization: `Bearer ${token}` } })).json()).toMatchObject({ user: { email } });
  });
});
