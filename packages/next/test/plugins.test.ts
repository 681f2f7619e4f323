/**
 * The example plugin of docs/plugins.md through `NextAuth()`'s Route Handlers with Next.js's own
 * `NextRequest`: its endpoints (GET, and PUT/DELETE at depth through the new handlers), the
 * session field, and its before-sign-in hook; other paths keep refusing PUT with 405.
 */
import { NextRequest } from "next/server";
import { adaCredentials } from "./ada.js";
import { describe, expect, test } from "vitest";
import NextAuth from "../src/index.js";
import { roles } from "../../core/test/plugins/example-plugin.js";

const base = "http://app.example/api/auth";

function app(blocked: string[] = []) {
  return NextAuth({
    secret: "next-plugins-test-secret-0123456789abcdefghij",
    trustHost: true,
    logger: { error: () => {}, warn: () => {} },
    providers: [
      adaCredentials(),
    ],
    plugins: [roles({ admins: ["ada@example.com"], blocked })],
  });
}

/** A browser of one: its cookies go with every request to the handlers. */
function browser(handlers: ReturnType<typeof app>["handlers"]) {
  const jar = new Map<string, string>();
  const send = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: string, type = "application/json") => {
    const headers: Record<string, string> = { host: "app.example", cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; ") };
    if (body !== undefined) headers["content-type"] = type;
    const response = await handlers[method](new NextRequest(`${base}${path}`, { method, headers, body }));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      jar.set(name!, value.join("="));
    }
    return response;
  };
  const csrf = async () => ((await (await send("GET", "/csrf")).json()) as { csrfToken: string }).csrfToken;
  const signIn = async () => {
    const fields = new URLSearchParams({ csrfToken: await csrf(), email: "ada@example.com", password: "correct horse", callbackUrl: "/" });
    return send("POST", "/callback/credentials", fields.toString(), "application/x-www-form-urlencoded");
  };
  return { send, csrf, signIn };
}

describe("the example plugin through NextAuth's Route Handlers", () => {
  test("session field and endpoints, PUT and DELETE at depth with the CSRF token", async () => {
    const { handlers } = app();
    const ada = browser(handlers);
    expect((await ada.signIn()).headers.get("location")).toBe("http://app.example/");
    expect(await (await ada.send("GET", "/session")).json()).toMatchObject({ user: { email: "ada@example.com", role: "admin" } });
    expect(await (await ada.send("GET", "/roles/me")).json()).toEqual({ email: "ada@example.com", role: "admin" });
    const csrfToken = await ada.csrf();
    const put = await ada.send("PUT", "/roles/notes/todo", JSON.stringify({ csrfToken, text: "milk" }));
    expect(await put.json()).toEqual({ name: "todo", text: "milk" });
    const forged = await ada.send("DELETE", "/roles/notes/todo", JSON.stringify({}));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "MissingCSRF" });
    expect(await (await ada.send("GET", "/roles/notes/todo")).json()).toEqual({ name: "todo", text: "milk" });
    expect(await (await ada.send("DELETE", "/roles/notes/todo", JSON.stringify({ csrfToken }))).json()).toEqual({ name: "todo", text: null });
  });

  test("a blocked address is refused by the hook: AccessDenied, no session", async () => {
    const { handlers } = app(["ada@example.com"]);
    const ada = browser(handlers);
    expect((await ada.signIn()).headers.get("location")).toContain("error=AccessDenied");
    expect(await (await ada.send("GET", "/session")).json()).toBeNull();
  });

  test("PUT outside the plugins' paths is still refused with 405", async () => {
    const { handlers } = app();
    const response = await handlers.PUT(new NextRequest(`${base}/session`, { method: "PUT", headers: { host: "app.example" }, body: "x" }));
    expect(response.status).toBe(405);
  });
});
