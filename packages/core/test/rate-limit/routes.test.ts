/**
 * Which limit a parsed request falls under, for every route class, and the account it carries.
 * (Through `Auth()`, limits.test.ts shows that path variants reach the same parse.)
 */
import { describe, expect, test } from "vitest";
import { Auth, setClientAddress, type AuthConfig } from "@latch/core";
import { RateLimit } from "@latch/core/rate-limit";
import { routeOf, type LimitedRequest } from "../../src/limits/routes.js";
import { origin } from "../client.js";
import { withRow } from "../registry-rows.js";
import { config, countingCredentials } from "./harness.js";

const providers = [
  { id: "credentials", type: "credentials" },
  { id: "mail", type: "email" },
  { id: "github", type: "oauth" },
  { id: "oidc", type: "oidc" },
  { id: "passkey", type: "webauthn" },
] as never;

function req(method: string, action: string, providerId?: string, extra: Partial<LimitedRequest> = {}): LimitedRequest {
  return withRow({ method, action, providerId, query: {}, body: {}, jsonMode: false, request: new Request(origin), ...extra });
}

describe("route classes", () => {
  test.each([
    [req("POST", "callback", "credentials", { body: { username: " Ada " } }), { route: "credentials", account: "ada" }],
    [req("POST", "callback", "credentials", { body: { email: "Ada@Example.COM", username: "x" } }), { route: "credentials", account: "ada@example.com" }],
    [req("POST", "signin", "mail", { body: { email: " Ada@Example.com" } }), { route: "email", account: "ada@example.com" }],
    [req("GET", "callback", "mail", { query: { email: "ADA@example.com", token: "t" } }), { route: "callback", account: "ada@example.com" }],
    [req("GET", "callback", "github"), { route: "callback", account: undefined }],
    [req("POST", "callback", "oidc"), { route: "callback", account: undefined }],
    [req("GET", "webauthn-options", "passkey"), { route: "passkey", account: undefined }],
    [req("POST", "callback", "passkey"), { route: "passkey", account: undefined }],
    [req("POST", "session"), { route: "sessionUpdate", account: undefined }],
    [req("POST", "sessions", "revoke"), { route: "sessionRevoke", account: undefined }],
    [req("POST", "link", "github"), { route: "accountLink", account: undefined }],
    [req("POST", "unlink", "github"), { route: "accountLink", account: undefined }],
    [req("POST", "signup", undefined, { body: { email: " Ada@Example.com" } }), { route: "signUp", account: "ada@example.com" }],
    [req("POST", "password", "forgot", { body: { email: "ADA@example.com" } }), { route: "passwordForgot", account: "ada@example.com" }],
    [req("POST", "password", "reset", { body: { email: "ada@example.com", token: "t" } }), { route: "passwordReset", account: "ada@example.com" }],
    [req("POST", "password", "change"), { route: "passwordChange", account: undefined }],
    [req("POST", "second-factor", undefined, { body: { code: "123456" } }), { route: "secondFactor", account: undefined }],
    [req("POST", "second-factor", undefined, { body: { send: "email" } }), { route: "emailCode", account: undefined }],
    [req("POST", "second-factor", "email-sign-in", { body: { email: " Ada@Example.com" } }), { route: "emailCode", account: "ada@example.com" }],
    [req("POST", "second-factor", "email-sign-in", { body: { code: "123456" } }), { route: "secondFactor", account: undefined }],
    [req("POST", "second-factor", "remove", { body: { kind: "totp" } }), { route: "secondFactor", account: undefined }],
  ])("%#: %o", (request, expected) => {
    expect(routeOf({ providers }, request)).toEqual(expected);
  });

  test.each([
    req("GET", "session"), req("GET", "csrf"), req("GET", "providers"), req("POST", "signin", "github"), req("GET", "callback", "credentials"),
    req("POST", "callback", "nope"), req("GET", "sessions"), req("POST", "signout"), req("GET", "signin"),
    req("GET", "signup"), req("GET", "verify-email"), req("GET", "password", "forgot"), req("GET", "password", "reset"),
  ])("%# is not limited: %o", (request) => {
    expect(routeOf({ providers }, request)).toBeUndefined();
  });
});

describe("a JSON route past its limit", () => {
  test("POST session answers 429 with { url } even without X-Auth-Return-Redirect", async () => {
    const cfg = config({ providers: [countingCredentials().provider], rateLimit: RateLimit({ routes: { sessionUpdate: { ip: 2 } } }), logger: { error() {}, warn() {}, debug() {} } });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      const request = new Request(`${origin}/auth/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ data: {} }) });
      setClientAddress(request, "192.0.2.8");
      last = await Auth(request, cfg as Omit<AuthConfig, "raw">);
      statuses.push(last.status);
    }
    expect(statuses.slice(2)).toEqual([429]);
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(await last!.json()).toEqual({ url: `${origin}/auth/signin?error=RateLimited` });
  });
});
