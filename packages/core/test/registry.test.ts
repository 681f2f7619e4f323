/**
 * The action registry's promises, checked on every row: a row that sends mail is limited per
 * address, and a session starts only where a row says so, through the sign-in gate. Each check
 * is also run on a table with one row broken, and must name that row.
 */
import { Auth, skipCSRFCheck, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { SessionControl } from "@latch/core/sessions";
import { describe, expect, test } from "vitest";
import { resolveConfig } from "../src/config/resolve.js";
import { actionErrorResponse } from "../src/http/error-response.js";
import { parseRequest } from "../src/http/parse.js";
import { defaultLimits } from "../src/limits/defaults.js";
import { classify } from "../src/limits/routes.js";
import { isAuthAction } from "../src/registry/table.js";
import { runAction } from "../src/auth.js";
import { checkPlugins } from "../src/registry/plugin-check.js";
import { parsePath, rowOf } from "../src/rows/match.js";
import type { AnsweringRow as ActionRow } from "../src/http/request.js";
import { builtinRows, featureSegments } from "../src/registry/table.js";
import { everyRow, featureRows } from "./registry-rows.js";

const providers = [{ id: "mail", type: "email" }] as never;
const address = "ada@example.com";

/** A request to `row` shaped to send mail: an address in the body, a code asked for (never answered). */
function mailRequest(row: ActionRow) {
  const [action, ...fixed] = row.path.split("/");
  const rest = row.tail === "none" ? [] : ["mail"];
  const providerId = [...fixed, ...rest].join("/") || undefined;
  const method = row.methods === "any" ? "POST" : row.methods[0]!;
  return { method, action: action!, providerId, query: {}, body: { email: ` ${address.toUpperCase()}`, send: "email" }, jsonMode: false, request: new Request("https://app.test"), row };
}

/** The rows that send mail but are not counted per address by default. */
function mailRowsWithoutAddressLimit(rows: readonly ActionRow[]): string[] {
  return rows
    .filter((row) => row.sendsMail)
    .filter((row) => {
      const matched = classify({ providers }, mailRequest(row));
      return !matched || matched.account !== address || !(defaultLimits[matched.limit.route].account > 0);
    })
    .map((row) => `${row.methods} ${row.path}`);
}

describe("rows that send mail", () => {
  test("are there: sign-in links, sign-up, the reset link, emailed codes, the address change", () => {
    const paths = everyRow.filter((row) => row.sendsMail).map((row) => row.path);
    expect(paths).toEqual(expect.arrayContaining(["signin", "signup", "password/forgot", "second-factor", "second-factor/email-sign-in", "email/change"]));
  });

  test("each falls under a limit keyed by the address it names", () => {
    expect(mailRowsWithoutAddressLimit(everyRow)).toEqual([]);
  });

  test("the check names a mail row whose limit is gone, or keyed by no address", () => {
    const forgot = everyRow.find((row) => row.path === "password/forgot" && row.sendsMail)!;
    const withoutLimit = everyRow.map((row) => (row === forgot ? { ...row, limit: undefined } : row));
    expect(mailRowsWithoutAddressLimit(withoutLimit)).toEqual(["POST password/forgot"]);
    const withoutAccount = everyRow.map((row) => (row === forgot ? { ...row, limit: { route: "passwordForgot" as const } } : row));
    expect(mailRowsWithoutAddressLimit(withoutAccount)).toEqual(["POST password/forgot"]);
  });
});

const secret = "a-secret-of-at-least-thirty-two-characters";
const config = (): AuthConfig => ({
  secret,
  trustHost: true,
  skipCSRFCheck,
  rateLimit: false,
  providers: [Credentials({ credentials: { username: {} }, authorize: (c) => (c.username === "ada" ? { id: "1", name: "Ada" } : null) })],
});
const signIn = () =>
  new Request("https://app.test/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "ada" }),
  });
const sessionCookie = (cookies: readonly { name: string }[] | undefined) => (cookies ?? []).some((cookie) => cookie.name.endsWith("authjs.session-token"));

describe("rows that start a session", () => {
  test("are the callbacks, the second factor's answers, the address confirmation and an administrator's impersonation", () => {
    const starters = everyRow.filter((row) => row.startsSession).map((row) => `${row.methods} ${row.path}`);
    expect(starters).toEqual(["GET,POST callback", "POST second-factor", "POST second-factor/email-sign-in", "GET verify-email", "POST admin/impersonate"]);
  });

  test("a credentials sign-in through its row starts the session", async () => {
    const response = await Auth(signIn(), config());
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => /authjs\.session-token=/.test(cookie))).toBe(true);
  });

  test("the same sign-in through a row that does not declare it is refused by the gate, and no session starts", async () => {
    const rows = builtinRows.map((row) => (row.path === "callback" ? { ...row, startsSession: undefined } : row));
    const request = signIn();
    const url = new URL(request.url);
    const ctx = resolveConfig(config(), url);
    const req = await parseRequest(request, url, "/auth", rows);
    const error = await runAction(ctx, req).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ type: "UndeclaredSessionStart" });
    const answer = actionErrorResponse(error, ctx, req);
    expect(answer.redirect).toContain("error=Configuration");
    expect(sessionCookie(answer.cookies)).toBe(false);
  });
});

/**
 * The families of rows that change what only the account's owner may change: a password or an
 * address (and the sign-up and reset that set one), second factors, API keys, linked accounts,
 * ending other sessions, an organization's ownership and deletion, and impersonating again.
 */
const ownerOnly: readonly RegExp[] = [
  /^POST (signup|password\/reset|password\/change|email\/change)$/,
  /^GET email\/change\/(confirm|cancel)$/,
  /^POST second-factor\/(enrol|confirm|remove|backup-codes|cancel)$/,
  /^POST api-keys\/(create|update|revoke)$/,
  /^POST (link|unlink)$/,
  /^POST sessions\/revoke$/,
  /^POST organizations\/(transfer|delete)$/,
  /^POST admin\/impersonate$/,
  // A passkey's registration, through the callback (its choice by the request, below).
  /^GET,POST callback$/,
];

const named = (row: ActionRow) => `${row.methods === "any" ? "ANY" : row.methods.join(",")} ${row.path}`;

/** The rows of those families that do not refuse an impersonated session, and the rows outside them that do. */
function impersonationMismatches(rows: readonly ActionRow[]): string[] {
  return rows.filter((row) => ownerOnly.some((family) => family.test(named(row))) !== !!row.refusesImpersonation).map(named);
}

describe("rows that refuse an impersonated session", () => {
  test("are every row of the owner's own families, and no other", () => {
    expect(impersonationMismatches(everyRow)).toEqual([]);
    expect(everyRow.filter((row) => row.refusesImpersonation)).toHaveLength(21);
  });

  test("the callback refuses it only for a passkey's registration, not for a sign-in", () => {
    const refuses = everyRow.find((row) => row.path === "callback")!.refusesImpersonation as (req: { method: string; query: Record<string, string>; body?: Record<string, unknown> }) => boolean;
    expect(refuses({ method: "POST", query: {}, body: { action: "register" } })).toBe(true);
    expect(refuses({ method: "POST", query: {}, body: { action: "authenticate" } })).toBe(false);
    expect(refuses({ method: "POST", query: {}, body: { username: "ada" } })).toBe(false);
    expect(refuses({ method: "GET", query: { code: "x" } })).toBe(false);
  });

  test("the check names a row of those families whose flag is gone, and a row outside them that carries one", () => {
    for (const path of ["password/change", "second-factor/enrol", "api-keys/create", "unlink", "sessions/revoke", "organizations/transfer", "admin/impersonate"]) {
      const flagged = everyRow.find((row) => row.path === path && row.refusesImpersonation)!;
      const without = everyRow.map((row) => (row === flagged ? { ...row, refusesImpersonation: undefined } : row));
      expect(impersonationMismatches(without), path).toEqual([named(flagged)]);
    }
    const session = everyRow.find((row) => row.path === "session")!;
    expect(impersonationMismatches(everyRow.map((row) => (row === session ? { ...row, refusesImpersonation: true as const } : row)))).toEqual(["GET session"]);
  });
});

describe("the registry is the parser's and the router's list", () => {
  test("every row's path parses to its row; other paths and methods find none", () => {
    for (const row of everyRow) {
      const path = `/auth/${row.path}${row.tail === "none" ? "" : "/some-id"}`;
      const parsed = parsePath(everyRow, path, "/auth");
      expect(parsed, path).not.toBeNull();
      for (const method of row.methods === "any" ? ["GET", "POST"] : row.methods) {
        expect(rowOf(everyRow, method, parsed!.action, parsed!.providerId), `${method} ${path}`).toBe(row);
      }
    }
    expect(parsePath(everyRow, "/auth/password/unknown", "/auth")).toBeNull();
    expect(parsePath(everyRow, "/auth/callback/a/b", "/auth")).toBeNull();
    expect(rowOf(everyRow, "GET", "sessions", "revoke")).toBeUndefined();
    expect(rowOf(everyRow, "GET", "signin", "github")).toBeUndefined();
  });

  test("a row of any depth and any method, as a plugin's, is parsed and found", () => {
    const handler = () => () => ({ body: {} });
    const plugin: ActionRow = { path: "scim", tail: "any", methods: "any", answer: "json", csrf: "none", handler };
    const rows = [...builtinRows, plugin];
    const parsed = parsePath(rows, "/auth/scim/v2/Users/42", "/auth");
    expect(parsed).toEqual({ action: "scim", providerId: "v2/Users/42" });
    expect(rowOf(rows, "DELETE", "scim", "v2/Users/42")).toBe(plugin);
    expect(rowOf(rows, "PATCH", "scim", undefined)).toBe(plugin);
  });

  test("isAuthAction answers for exactly the rows' actions, a feature's whether or not it is configured", () => {
    for (const row of everyRow) expect(isAuthAction(row.path.split("/")[0]!)).toBe(true);
    expect(isAuthAction("widgets")).toBe(false);
    expect(isAuthAction("password/forgot")).toBe(false);
  });
});

describe("an opt-in feature carries its rows", () => {
  test("the core table holds only Auth.js's actions; each feature's factory carries its own rows", () => {
    expect([...new Set(builtinRows.map((row) => row.path.split("/")[0]))]).toEqual(["providers", "csrf", "session", "signin", "callback", "signout", "verify-request", "error", "webauthn-options"]);
    const heads = Object.fromEntries(Object.entries(featureRows).map(([name, rows]) => [name, [...new Set(rows.map((row) => row.path.split("/")[0]))]]));
    expect(heads).toEqual({
      SessionControl: ["sessions"],
      AccountLinks: ["link", "unlink"],
      SecondFactors: ["second-factor"],
      Password: ["signup", "verify-email", "password", "email"],
      AccessTokens: ["token", "jwks"],
      BearerSessions: ["bearer"],
      ApiKeys: ["api-keys"],
      Admin: ["admin"],
      Organizations: ["organizations"],
      AuditTrail: ["audit"],
      Scim: ["scim"],
    });
  });

  test("the reserved segments are exactly the first segments of every feature's rows", () => {
    // Auth() never reads this list (a feature that is off costs no line of core); isAuthAction and the plugins' check do.
    const heads = new Set(Object.values(featureRows).flatMap((rows) => rows.map((row) => row.path.split("/")[0]!)));
    expect([...featureSegments].sort()).toEqual([...heads].sort());
  });

  test("a plugin id that is a feature's first segment is refused, whether or not the feature is configured", () => {
    for (const id of ["sessions", "link", "unlink", "second-factor", "signup", "verify-email", "password", "email", "token", "jwks", "bearer", "api-keys", "admin", "organizations", "scim"]) {
      expect(checkPlugins([{ id } as never], undefined)?.type, id).toBe("InvalidPlugin");
    }
    expect(checkPlugins([{ id: "widgets" } as never], undefined)).toBeNull();
  });

  test("a feature's segment is not served while the feature is off, and names the request while it is on", async () => {
    const post = (control: boolean) =>
      Auth(new Request("https://app.test/auth/sessions", { method: "POST" }), { ...config(), ...(control ? { session: { control: SessionControl() } } : {}) }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { error: string; message: string },
      }));
    expect(await post(false)).toEqual({ status: 400, body: { error: "UnknownAction", message: expect.stringMatching(/^Cannot parse the action at \/auth\/sessions \(an opt-in feature's endpoints answer only while it is configured\)/) } });
    expect(await post(true)).toEqual({ status: 400, body: { error: "UnknownAction", message: "POST sessions is not an action Latch serves." } });
    // Core holds no line for a feature that is off: its path is answered as any path Latch does not serve.
    const organizations = await Auth(new Request("https://app.test/auth/organizations/teams"), config());
    expect({ status: organizations.status, body: await organizations.json() }).toEqual({ status: 400, body: { error: "UnknownAction", message: expect.stringMatching(/^Cannot parse the action at \/auth\/organizations\/teams /) } });
  });
});
