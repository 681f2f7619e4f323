/**
 * With SvelteKit's `paths.base` set, Latch serves under `<base>/auth`, the `signIn` action works
 * at `<base>/signin`, and the `<SignOut/>` component posts to `<base>/signout`. Runs the
 * `@auth/sveltekit` fixture app with its imports renamed and `paths.base` set to `/shop`, on
 * `vite dev`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevCopy, type DevCopy } from "./dev-copy.js";

let app: DevCopy;

beforeAll(async () => {
  app = await startDevCopy("base-path", (path, text) =>
    path === "svelte.config.js" ? text.replace("kit: { adapter: adapter() }", 'kit: { adapter: adapter(), paths: { base: "/shop" } }') : text,
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("under paths.base = /shop", () => {
  it("Latch answers under /shop/auth and writes URLs there", async () => {
    const response = await fetch(`${app.origin}/shop/auth/providers`);
    expect(response.status).toBe(200);
    const providers = (await response.json()) as Record<string, { callbackUrl: string; signinUrl: string }>;
    expect(providers.credentials?.callbackUrl).toBe(`${app.origin}/shop/auth/callback/credentials`);
  }, 90_000);

  it("the signIn action at /shop/signin signs in, and the page's <SignOut/> posts to /shop/signout", async () => {
    const response = await fetch(`${app.origin}/shop/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.origin, accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ providerId: "credentials", redirectTo: "/shop", username: "ada", password: "lovelace" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app.origin}/shop`);
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toMatch(/authjs\.session-token=[^;]+/);
    const page = await (await fetch(`${app.origin}/shop/`, { headers: { cookie } })).text();
    expect(page).toContain("Signed in as Ada Lovelace");
    // SvelteKit renders `base` relative to the page (paths.relative); resolved, it is /shop.
    const action = page.match(/<form[^>]+class="signOutButton"/)?.[0].match(/action="([^"]+)"/)?.[1];
    expect(new URL(action!, `${app.origin}/shop/`).pathname).toBe("/shop/signout");
  }, 90_000);
});
