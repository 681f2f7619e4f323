/**
 * The React Router example built once (`react-router build` on Node 24) and started as its own
 * process (`npm start`: server.js, Express with @react-router/express handing the socket's address
 * to Latch) with a deployment's environment; then driven over HTTP, through the request-conversion
 * attacks on a real socket, and in headless Chromium through `@latch/testing`'s example suite.
 */
import { fileURLToPath } from "node:url";
import { exampleSuite, exampleSignIn, expectFormSignOutRefusedCrossSite } from "@latch/testing/vitest";
import { expect, it } from "vitest";
import { build, missing, node } from "./react-router.js";

const appDir = fileURLToPath(new URL("..", import.meta.url));

await exampleSuite({
  title: "the React Router example",
  skip: missing,
  prepare: () => build(),
  app: { name: "example-react-router", cwd: appDir, node: node!, args: ["server.js"] },
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

    it("the app's own sign-out form posted from another site is refused and the session stays", async () => {
      await expectFormSignOutRefusedCrossSite(origin, `${origin}/signout`, await exampleSignIn(origin));
    });
  },
  chromium: ({ origin }, browser) => {
    it("the app's own sign-out form (a server-side signOut in an action) ends the session", async () => {
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
