/**
 * The example plugin of docs/plugins.md through `Auth()`: its endpoints under `<base>/roles/…`
 * (any method, CSRF-checked writes), its session field, its hooks; and the configuration errors
 * of plugins (reserved and repeated ids, malformed endpoints, missing adapter methods).
 */
import { readFileSync } from "node:fs";
import { Auth, setClientAddress, type AuthConfig } from "@latch/core";
import { definePlugin, pluginSchema, type PluginEndpoint } from "@latch/core/plugins";
import { MemoryRateLimitStore, RateLimit } from "@latch/core/rate-limit";
import { describe, expect, test } from "vitest";
import { baseConfig, Client, origin, quietLogger } from "../client.js";
import { roles } from "./example-plugin.js";

const config = (overrides: Partial<AuthConfig> = {}) => baseConfig({ plugins: [roles({ admins: ["alice@example.com"] })], ...overrides });

async function signedIn(overrides: Partial<AuthConfig> = {}): Promise<Client> {
  const client = new Client(config(overrides));
  expect((await client.signIn()).status).toBe(302);
  return client;
}

async function json(client: Client, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await client.fetch(path, { ...init, headers: { "content-type": "application/json", ...init.headers } });
  return { status: response.status, body: response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text() };
}

describe("the example plugin of docs/plugins.md", () => {
  test("the docs show the tested example verbatim", () => {
    const docs = readFileSync(new URL("../../../../docs/plugins.md", import.meta.url), "utf8");
    const code = readFileSync(new URL("./example-plugin.ts", import.meta.url), "utf8");
    expect(docs).toContain("```ts title=example-plugin.ts\n" + code + "```");
  });

  test("session.user gains the plugin's field (JWT sessions)", async () => {
    const client = await signedIn();
    expect(await client.session()).toMatchObject({ user: { email: "alice@example.com", role: "admin" } });
  });

  test("a session update (POST <base>/session) carries the field too", async () => {
    const client = await signedIn();
    const csrfToken = await client.csrfToken();
    const updated = await json(client, "/auth/session", { method: "POST", body: JSON.stringify({ csrfToken, data: {} }) });
    expect(updated).toMatchObject({ status: 200, body: { user: { email: "alice@example.com", role: "admin" } } });
  });

  test("GET <base>/roles/me reads the session; without one it is the plugin's 401", async () => {
    const client = await signedIn();
    expect(await json(client, "/auth/roles/me")).toEqual({ status: 200, body: { email: "alice@example.com", role: "admin" } });
    expect(await json(new Client(config()), "/auth/roles/me")).toEqual({ status: 401, body: { error: "Sign in first." } });
  });

  test("PUT and DELETE at any depth: with the CSRF token they run, without it nothing changes", async () => {
    const client = await signedIn();
    const csrfToken = await client.csrfToken();
    const put = await json(client, "/auth/roles/notes/todo", { method: "PUT", body: JSON.stringify({ csrfToken, text: "milk" }) });
    expect(put).toEqual({ status: 200, body: { name: "todo", text: "milk" } });
    const forged = await client.fetch("/auth/roles/notes/todo", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "forged" }) });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
    expect((await json(client, "/auth/roles/notes/todo")).body).toEqual({ name: "todo", text: "milk" });
    const removed = await json(client, "/auth/roles/notes/todo", { method: "DELETE", body: JSON.stringify({ csrfToken }) });
    expect(removed.body).toEqual({ name: "todo", text: null });
  });

  test("an endpoint that turns the CSRF check off answers a POST without the token", async () => {
    const hook = definePlugin({ id: "hook", endpoints: { in: { method: "POST", path: "in", csrf: false, handler: ({ body, json }) => json({ got: body?.n }) } } });
    const client = new Client(baseConfig({ plugins: [hook] }));
    expect(await json(client, "/auth/hook/in", { method: "POST", body: JSON.stringify({ n: 1 }) })).toEqual({ status: 200, body: { got: 1 } });
  });

  test("the before-sign-in hook refuses a blocked user with AccessDenied and no session", async () => {
    const client = new Client(config({ plugins: [roles({ admins: [], blocked: ["alice@example.com"] })] }));
    const refused = await client.signIn();
    expect(refused.headers.get("location")).toContain("error=AccessDenied");
    expect([...client.jar.keys()].some((name) => name.includes("session-token"))).toBe(false);
    expect(await client.session()).toBeNull();
  });

  test("the after-sign-in hook saw the sign-in; the admins' endpoint refuses a member", async () => {
    const admin = await signedIn();
    expect((await json(admin, "/auth/roles/sign-ins")).body).toEqual([{ email: "alice@example.com", isNewUser: false }]);
    const member = new Client(baseConfig({ plugins: [roles({ admins: [] })] }));
    await member.signIn();
    expect(await json(member, "/auth/roles/sign-ins")).toEqual({ status: 403, body: { error: "Admins only." } });
  });

  test("a path of the plugin no endpoint has, or a method its endpoint lacks, is refused as Latch's own are (400)", async () => {
    const client = new Client(config());
    expect((await client.fetch("/auth/roles/nope")).status).toBe(400);
    expect((await client.fetch("/auth/roles/me", { method: "PATCH" })).status).toBe(400);
    expect((await client.fetch("/auth/roles/me", { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(400);
    expect((await client.fetch("/auth/other/me")).status).toBe(400);
  });

  test("the schema it declares is listed", () => {
    expect(pluginSchema([roles({ admins: [] })])).toEqual([{ table: "notes", columns: { user_email: "text", name: "text", text: "text" } }]);
  });

  test("a string body is JSON, never a page", async () => {
    const echo = definePlugin({ id: "echo", endpoints: { say: { method: "GET", path: "", handler: ({ query, json }) => json(query.text ?? "") } } });
    const response = await new Client(baseConfig({ plugins: [echo] })).fetch("/auth/echo?text=%3Cscript%3E");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.text()).toBe('"<script>"');
  });

  test("a redirect stays on the site", async () => {
    const go = (to: string) => definePlugin({ id: "go", endpoints: { go: { method: "GET", path: "", handler: ({ redirect }) => redirect(to) } } });
    expect((await new Client(baseConfig({ plugins: [go("/dashboard")] })).fetch("/auth/go")).headers.get("location")).toBe(`${origin}/dashboard`);
    // Another site is the plugin's fault: the JSON row answers Configuration, and sends nobody there.
    const away = await new Client(baseConfig({ plugins: [go("https://evil.example/")] })).fetch("/auth/go");
    expect(away.headers.get("location")).toBeNull();
    expect(away.status).toBe(500);
    expect(await away.json()).toEqual({ error: "Configuration" });
  });

  test("an endpoint may name a rate-limit class: its requests count toward it", async () => {
    const limited = definePlugin({ id: "limited", endpoints: { try: { method: "GET", path: "", rateLimit: "credentials", handler: ({ json }) => json({ ok: true }) } } });
    const cfg = baseConfig({ plugins: [limited], rateLimit: RateLimit({ store: new MemoryRateLimitStore(), routes: { credentials: { ip: 2, account: 0 } }, lockout: false }) });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const request = new Request(`${origin}/auth/limited`);
      setClientAddress(request, "203.0.113.9");
      statuses.push((await Auth(request, cfg)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe("plugins that cannot work are configuration errors at start", () => {
  async function problem(plugins: AuthConfig["plugins"], overrides: Partial<AuthConfig> = {}): Promise<string> {
    const { logs, logger } = quietLogger();
    const response = await Auth(new Request(`${origin}/auth/session`), baseConfig({ plugins, logger, ...overrides }));
    expect(response.status).toBe(500);
    return String(logs.error[0]?.[0]);
  }

  test("an id that is one of Latch's or Auth.js's action names", async () => {
    for (const id of ["session", "signin", "callback", "second-factor", "password"]) expect(await problem([definePlugin({ id })])).toBe("InvalidPlugin");
  });

  test("a plugin not made with definePlugin (it carries no plugin code)", async () => {
    expect(await problem([{ id: "plain" }])).toBe("InvalidPlugin");
  });

  test("two plugins with one id, an id that is not one segment, an endpoint without handler or with a bad path", async () => {
    expect(await problem([definePlugin({ id: "a" }), definePlugin({ id: "a" })])).toBe("InvalidPlugin");
    expect(await problem([definePlugin({ id: "a/b" })])).toBe("InvalidPlugin");
    expect(await problem([definePlugin({ id: "a", endpoints: { x: { method: "GET", path: "x" } as never } })])).toBe("InvalidPlugin");
    expect(await problem([definePlugin({ id: "a", endpoints: { x: { method: "GET", path: "/x", handler: ({ json }) => json(1) } } })])).toBe("InvalidPlugin");
    const twice: PluginEndpoint = { method: "GET", path: "u/:id", handler: ({ json }) => json(1) };
    expect(await problem([definePlugin({ id: "a", endpoints: { x: twice, y: { ...twice, path: "u/:name" } } })])).toBe("InvalidPlugin");
  });

  test("an account page whose path is not plain segments under the plugin's, or without an English label", async () => {
    const page = (path: string, label: Record<string, string> = { en: "Keys" }) => definePlugin({ id: "keys", accountPages: [{ path, label } as never] });
    for (const path of ["/keys", "https://evil.example/", "//evil.example", "a/:id", "a/*", "a//b", "../x"]) expect(await problem([page(path)]), path).toBe("InvalidPlugin");
    expect(await problem([page("keys", { fr: "Clés" })])).toBe("InvalidPlugin");
    for (const path of ["keys/mine", ""]) expect((await Auth(new Request(`${origin}/auth/session`), baseConfig({ plugins: [page(path)] }))).status, path).toBe(200);
  });

  test("an adapter method it declares that the adapter lacks, or no adapter", async () => {
    const needs = definePlugin({ id: "keys", adapterMethods: ["createApiKey"] });
    expect(await problem([needs])).toBe("MissingAdapter");
    expect(await problem([needs], { adapter: {}, session: { strategy: "jwt" } })).toBe("MissingAdapterMethods");
    const ok = await Auth(new Request(`${origin}/auth/session`), baseConfig({ plugins: [needs], adapter: { createApiKey: async () => null } as never, session: { strategy: "jwt" } }));
    expect(ok.status).toBe(200);
  });

  test("a plugin that works leaves Latch's own actions as they are", async () => {
    const response = await Auth(new Request(`${origin}/auth/providers`), config());
    expect(Object.keys((await response.json()) as object)).toEqual(["credentials"]);
  });
});
