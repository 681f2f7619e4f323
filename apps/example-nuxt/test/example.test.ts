/**
 * The Nuxt example built once (`nuxt build` on Node 24) and started as its own process (`npm
 * start`: Nitro's node server, `.output/server/index.mjs`) with a deployment's environment; then
 * driven over HTTP, through the request-conversion attacks on a real socket, and in headless
 * Chromium through `@latch/testing`'s example suite, with Nuxt's own: the session rendered on the
 * server into the payload, the route middleware on the server and in the browser, the server
 * route's session, the app's own sign-out refused from another site.
 */
import { fileURLToPath } from "node:url";
import { exampleCredentials, exampleOidcUser as oidcUser, exampleSuite, exampleSignIn } from "@latch/testing/vitest";
import { expect, it } from "vitest";
import { build, missing, node } from "./nuxt.js";

const appDir = fileURLToPath(new URL("..", import.meta.url));

await exampleSuite({
  title: "the Nuxt example",
  skip: missing,
  prepare: () => build(appDir),
  app: { name: "example-nuxt", cwd: appDir, node: node!, args: [".output/server/index.mjs"] },
  attacks: true,
  clientButtons: true,
  http: ({ origin }) => {
    it("the home page shows no session to a signed-out visitor", async () => {
      const page = await (await fetch(`${origin}/`)).text();
      expect(page).toContain('<a id="signin" href="/auth/signin">Sign in</a>');
      expect(page).not.toContain('id="hello"');
    });

    it("the server renders the session into the page and its payload: no signed-out flash", async () => {
      const session = await exampleSignIn(origin);
      const page = await (await fetch(`${origin}/`, { headers: { cookie: session } })).text();
      expect(page).toContain(`<p id="hello">Hello ${exampleCredentials.name}</p>`);
      expect(page).not.toContain('id="signin"');
      const payload = /<script type="application\/json"[^>]*id="__NUXT_DATA__">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
      expect(payload).toContain("latch:session");
      expect(payload).toContain(exampleCredentials.email);
    });

    it("the route middleware sends a visitor without a session to the sign-in page with the way back", async () => {
      const response = await fetch(`${origin}/dashboard?tab=1`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard?tab=1" })}`);
    });

    it("getServerSession reads the session in a server route", async () => {
      expect(await (await fetch(`${origin}/api/me`)).json()).toEqual({ name: null });
      const session = await exampleSignIn(origin);
      expect(await (await fetch(`${origin}/api/me`, { headers: { cookie: session } })).json()).toEqual({ name: exampleCredentials.name });
    });

    it("the app's own sign-out route, posted from another site, is refused and the session stays", async () => {
      const session = await exampleSignIn(origin);
      const response = await fetch(`${origin}/signout`, { method: "POST", redirect: "manual", headers: { cookie: session, origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" }, body: "" });
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get("location") ?? "").not.toBe(`${origin}/`);
      expect(response.headers.getSetCookie().some((cookie) => /session-token=(?:;|$)/.test(cookie))).toBe(false);
      const after = (await (await fetch(`${origin}/auth/session`, { headers: { cookie: session } })).json()) as { user?: { name?: string } };
      expect(after.user?.name).toBe(exampleCredentials.name);
      // The same form from the site itself ends it.
      const own = await fetch(`${origin}/signout`, { method: "POST", redirect: "manual", headers: { cookie: session, origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" }, body: "" });
      expect(own.headers.get("location")).toBe(`${origin}/`);
      expect(own.headers.getSetCookie().some((cookie) => /session-token=;/.test(cookie) || /session-token=.*Max-Age=0/i.test(cookie))).toBe(true);
    });

    it("the app's own sign-in route signs in with the form's credentials, and refuses the form from another site", async () => {
      const fields = new URLSearchParams({ email: exampleCredentials.email, password: exampleCredentials.password });
      const post = (from: string, site: string) => fetch(`${origin}/login`, { method: "POST", redirect: "manual", headers: { origin: from, "sec-fetch-site": site, "content-type": "application/x-www-form-urlencoded" }, body: fields });
      const sessionCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => /session-token=[^;]/.test(cookie));
      const crossSite = await post("https://evil.example", "cross-site");
      expect(crossSite.status).toBeLessThan(500);
      expect(crossSite.headers.get("location") ?? "").not.toBe(`${origin}/dashboard`);
      expect(sessionCookie(crossSite)).toBeUndefined();
      const own = await post(origin, "same-origin");
      expect(own.headers.get("location")).toBe(`${origin}/dashboard`);
      const cookie = sessionCookie(own)!.split(";")[0]!;
      expect(await (await fetch(`${origin}/api/me`, { headers: { cookie } })).json()).toEqual({ name: exampleCredentials.name });
    });

    it("a prerendered page holds no session: the same HTML for everyone", async () => {
      const session = await exampleSignIn(origin);
      const page = await (await fetch(`${origin}/about`, { headers: { cookie: session } })).text();
      expect(page).toContain('<p id="about-status">loading</p>');
      expect(page).not.toContain(exampleCredentials.email);
    });

    it("X-Forwarded-Proto does not make the site https: Nitro's request is read off the socket", async () => {
      const providers = (await (await fetch(`${origin}/auth/providers`, { headers: { "x-forwarded-proto": "https" } })).json()) as Record<string, { callbackUrl: string }>;
      expect(providers["credentials"]?.callbackUrl).toBe(`${origin}/auth/callback/credentials`);
    });
  },
  chromium: ({ origin }, browser) => {
    it("on a prerendered page, the browser reads its own session after hydration", async () => {
      const context = await browser().newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/about`);
        await page.locator("#about-status", { hasText: "unauthenticated" }).waitFor({ timeout: 10_000 });
        await page.goto(`${origin}/auth/signin?callbackUrl=%2Fabout`);
        const form = page.locator('form[action$="/auth/callback/credentials"]');
        await form.locator("input[name=email]").fill(exampleCredentials.email);
        await form.locator("input[name=password]").fill(exampleCredentials.password);
        await form.locator("button[type=submit]").click();
        await page.waitForURL(`${origin}/about`, { timeout: 10_000 });
        await page.locator("#about-status", { hasText: `Signed in as ${exampleCredentials.name}` }).waitFor({ timeout: 10_000 });
      } finally {
        await context.close();
      }
    });

    it("in the browser, the route middleware sends a navigation to the protected page to sign-in, and lets it through with a session", async () => {
      const context = await browser().newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.locator("#signin").waitFor({ timeout: 10_000 });
        await page.locator("#to-dashboard").click();
        await page.waitForURL(`${origin}/auth/signin?callbackUrl=%2Fdashboard`, { timeout: 10_000 });
        const form = page.locator('form[action$="/auth/callback/credentials"]');
        await form.locator("input[name=email]").fill(exampleCredentials.email);
        await form.locator("input[name=password]").fill(exampleCredentials.password);
        await form.locator("button[type=submit]").click();
        await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
        await page.goto(`${origin}/`);
        await page.locator("#to-dashboard").click();
        await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
        expect(await page.locator("#dashboard").innerText()).toBe(`Your dashboard, ${exampleCredentials.name}`);
        expect(oidcUser.name).not.toBe(exampleCredentials.name);
      } finally {
        await context.close();
      }
    });
  },
});
