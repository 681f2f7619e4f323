/**
 * The TanStack Start example built once (`vite build` on Node 24, Nitro's Node preset) and started
 * as its own process (`npm start`: `node .output/server/index.mjs`, which hands Latch the request
 * with its socket) with a deployment's environment; then driven over HTTP, through the
 * request-conversion attacks on a real socket, and in headless Chromium through `@latch/testing`'s
 * example suite.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { exampleSuite, exampleSignIn, expectFormSignOutRefusedCrossSite } from "@latch/testing/vitest";
import { expect, it } from "vitest";
import { build, missing, node, serverEntry } from "./tanstack-start.js";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const typescript = fileURLToPath(new URL("../../../node_modules/typescript/bin/tsc", import.meta.url));

await exampleSuite({
  title: "the TanStack Start example",
  skip: missing,
  prepare: () => build(),
  app: { name: "example-tanstack-start", cwd: appDir, node: node!, args: [serverEntry] },
  attacks: true,
  clientButtons: "with status",
  http: ({ origin }) => {
    it("the home page shows no session to a signed-out visitor", async () => {
      const page = await (await fetch(`${origin}/`)).text();
      expect(page).toContain('<a id="signin" href="/auth/signin">Sign in</a>');
      expect(page).not.toContain('id="hello"');
    });

    it("the protected page sends a visitor without a session to the sign-in page with the way back", async () => {
      const response = await fetch(`${origin}/dashboard?tab=1`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard?tab=1" })}`);
    });

    it("the app's own sign-out form (a server function) posted from another site is refused and the session stays", async () => {
      const session = await exampleSignIn(origin);
      const home = await (await fetch(`${origin}/`, { headers: { cookie: session } })).text();
      const action = /<form[^>]*\saction="([^"]+)"/.exec(home)?.[1];
      expect(action).toMatch(/^\/_serverFn\//);
      await expectFormSignOutRefusedCrossSite(origin, `${origin}${action}`, session);
    });

    it("the sources type-check against the installed TanStack Start's types (the server route's handlers, the server functions)", () => {
      const result = spawnSync(process.execPath, [typescript, "-p", "tsconfig.json"], { cwd: appDir, encoding: "utf8" });
      expect(result.stdout + result.stderr).toBe("");
      expect(result.status).toBe(0);
    }, 120_000);
  },
  chromium: ({ origin }, browser) => {
    it("the dashboard's guard (a server function called from beforeLoad) sends a navigation in the browser to the sign-in page with the way back", async () => {
      const context = await browser().newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.locator("#client-status", { hasText: "In the browser: signed out" }).waitFor({ timeout: 10_000 });
        await page.locator("#to-dashboard").click();
        await page.waitForURL(`${origin}/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard" })}`, { timeout: 10_000 });
        expect(await page.locator('input[name="password"]').count()).toBe(1);
      } finally {
        await context.close();
      }
    });

    it("the app's own sign-out form (a server-side signOut in a server function) ends the session", async () => {
      const context = await browser().newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/auth/signin`);
        const form = page.locator('form[action$="/auth/callback/credentials"]');
        await form.locator("input[name=email]").fill("ada@example.com");
        await form.locator("input[name=password]").fill("correct horse");
        await form.locator("button[type=submit]").click();
        await page.goto(`${origin}/`);
        expect(await page.locator("#hello").innerText()).toBe("Hello Ada");
        await page.locator("#form-signout").click();
        await page.locator("#signin").waitFor({ timeout: 10_000 });
        expect((await context.cookies()).some((cookie) => cookie.name.includes("session-token"))).toBe(false);
      } finally {
        await context.close();
      }
    });
  },
});
