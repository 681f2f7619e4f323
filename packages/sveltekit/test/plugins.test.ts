/**
 * The example plugin of docs/plugins.md through SvelteKit's `handle` (the hook `SvelteKitAuth`
 * returns, given SvelteKit's environment directly instead of through its virtual modules) and
 * `event.locals.auth()`: the plugin's paths are served, any method, CSRF-checked by origin as
 * every SvelteKit POST is; the session carries the plugin's field; the hook refuses a blocked user.
 * The cookie jar is a stand-in with the methods the integration calls (`getAll`, `set`), as in
 * session-reader.test.ts: SvelteKit builds its own inside the request handling and exports none.
 */
import Credentials from "@latch/core/providers/credentials";
import type { Cookies, RequestEvent } from "@sveltejs/kit";
import { describe, expect, test } from "vitest";
import { createHandle } from "../src/handle.js";
import type { SvelteKitAuthConfig } from "../src/types.js";
import { roles } from "../../core/test/plugins/example-plugin.js";

const origin = "http://127.0.0.1:5173";
const kit = () => ({ env: { AUTH_SECRET: "sveltekit-plugins-secret-0123456789-abcdef", AUTH_TRUST_HOST: "true" }, base: "", building: false, dev: false });

function config(blocked: string[] = []): SvelteKitAuthConfig {
  return {
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ authorize: ({ email }) => (email ? { id: String(email), email: String(email) } : null) })],
    plugins: [roles({ admins: ["ada@example.com"], blocked })],
  };
}

/** One browser: the cookies the handle's responses (and the session reader) set go with every later request. */
function browser(input: SvelteKitAuthConfig) {
  const handle = createHandle(input, kit);
  const jar = new Map<string, string>();
  const cookies = {
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    get: (name: string) => jar.get(name),
    set: (name: string, value: string, options: { maxAge?: number }) => (options.maxAge === 0 ? jar.delete(name) : jar.set(name, value)),
    delete: (name: string) => jar.delete(name),
  } as unknown as Cookies;
  async function send(path: string, init: RequestInit = {}): Promise<{ response: Response; locals: App.Locals }> {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join("; "));
    const url = new URL(path, origin);
    const event = { url, request: new Request(url, { ...init, headers }), cookies, locals: {} as App.Locals, getClientAddress: () => "127.0.0.1" } as unknown as RequestEvent;
    const response = await handle({ event, resolve: async () => new Response("the app's page") });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      if (/max-age=0/i.test(line) || value.join("=") === "") jar.delete(name!);
      else jar.set(name!, decodeURIComponent(value.join("=")));
    }
    return { response, locals: event.locals };
  }
  const json = (body: unknown, from = origin): RequestInit => ({ headers: { "content-type": "application/json", origin: from }, body: JSON.stringify(body) });
  const signIn = (email: string) =>
    send("/auth/callback/credentials", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin }, body: new URLSearchParams({ email, callbackUrl: "/" }) });
  return { send, json, signIn };
}

describe("the example plugin through SvelteKit's handle", () => {
  test("locals.auth() and the plugin's endpoint carry the role; other paths reach the app", async () => {
    const ada = browser(config());
    expect((await ada.signIn("ada@example.com")).response.headers.get("location")).toBe(`${origin}/`);
    const page = await ada.send("/dashboard");
    expect(await page.response.text()).toBe("the app's page");
    expect(await page.locals.auth()).toMatchObject({ user: { email: "ada@example.com", role: "admin" } });
    expect(await (await ada.send("/auth/roles/me")).response.json()).toEqual({ email: "ada@example.com", role: "admin" });
  });

  test("PUT and DELETE at depth: same-origin ones run, one from another origin changes nothing", async () => {
    const ada = browser(config());
    await ada.signIn("ada@example.com");
    const put = await ada.send("/auth/roles/notes/todo", { method: "PUT", ...ada.json({ text: "milk" }) });
    expect(await put.response.json()).toEqual({ name: "todo", text: "milk" });
    const forged = await ada.send("/auth/roles/notes/todo", { method: "DELETE", ...ada.json({}, "https://evil.example") });
    expect(forged.response.status).toBe(403);
    expect(await forged.response.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await (await ada.send("/auth/roles/notes/todo")).response.json()).toEqual({ name: "todo", text: "milk" });
    expect(await (await ada.send("/auth/roles/notes/todo", { method: "DELETE", ...ada.json({}) })).response.json()).toEqual({ name: "todo", text: null });
  });

  test("a blocked address is refused by the hook, and has no session", async () => {
    const mallory = browser(config(["mallory@example.com"]));
    expect((await mallory.signIn("mallory@example.com")).response.headers.get("location")).toContain("error=AccessDenied");
    expect(await (await mallory.send("/")).locals.auth()).toBeNull();
  });
});
