/**
 * The SolidStart example built once (`vite build` with Nitro on Node 24) and started as its own
 * process (`npm start`: Nitro's node server, `.output/server/index.mjs`) with a deployment's
 * environment; then driven over HTTP, through the request-conversion attacks on a real socket,
 * and in headless Chromium through `@latch/testing`'s example suite, with the example's own
 * sign-in and sign-out forms (server functions calling Latch's server-side signIn and signOut).
 */
import { fileURLToPath } from "node:url";
import { exampleSuite, exampleSignIn } from "@latch/testing/vitest";
import { expect, it } from "vitest";
import { build, missing, node } from "./solid-start.js";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const server = ".output/server/index.mjs";

/** The `Cookie` pairs of a response's `Set-Cookie` headers. */
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** The URL of the server function a page's form posts to (SolidStart renders it as `/_server?id=…`). */
async function formAction(origin: string, path: string, cookie = ""): Promise<string> {
  const page = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no form on ${path}`);
  return `${origin}${action.replaceAll("&amp;", "&")}`;
}

/** Posts a form as a browser without JavaScript does, from `from` (an origin). */
function postForm(url: string, from: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
  const crossSite = from !== new URL(url).origin;
  return fetch(url, { method: "POST", redirect: "manual", headers: { cookie, origin: from, "sec-fetch-site": crossSite ? "cross-site" : "same-origin", "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}

const userOf = async (origin: string, cookie: string) => ((await (await fetch(`${origin}/auth/session`, { headers: { cookie } })).json()) as { user?: { name?: string } } | null)?.user?.name ?? null;

await exampleSuite({
  title: "the SolidStart example",
  skip: missing,
  prepare: () => build(),
  app: { name: "example-solid-start", cwd: appDir, node: node!, args: [server] },
  attacks: true,
  clientButtons: true,
  http: ({ origin }) => {
    it("the home page shows no session to a signed-out visitor", async () => {
      const page = await (await fetch(`${origin}/`)).text();
      expect(page).toMatch(/<a[^>]* id="signin" href="\/auth\/signin"[^>]*>Sign in<\/a>/);
      expect(page).not.toContain('id="hello"');
    });

    it("the protected page sends a visitor without a session to the sign-in page with the way back", async () => {
      const response = await fetch(`${origin}/dashboard?tab=1`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/auth/signin?${new URLSearchParams({ callbackUrl: "/dashboard?tab=1" })}`);
    });

    it("getSession shows the session in the server-rendered pages", async () => {
      const session = await exampleSignIn(origin);
      expect(await (await fetch(`${origin}/`, { headers: { cookie: session } })).text()).toMatch(/<p[^>]* id="hello">Hello Ada<\/p>/);
      expect(await (await fetch(`${origin}/dashboard`, { headers: { cookie: session } })).text()).toMatch(/<h1[^>]* id="dashboard">Your dashboard, Ada<\/h1>/);
    });

    it("the app's own sign-in form (a server-side signIn in an action) checks the password and refuses a form from another site", async () => {
      const action = await formAction(origin, "/login");
      const wrong = await postForm(action, origin, { email: "ada@example.com", password: "wrong" });
      expect(wrong.headers.get("location")).toContain("error=CredentialsSignin");
      expect(cookiesOf(wrong).some((cookie) => /session-token=./.test(cookie))).toBe(false);

      const crossSite = await postForm(action, "https://evil.example", { email: "ada@example.com", password: "correct horse" });
      expect(crossSite.status).toBeLessThan(500);
      expect(crossSite.headers.get("location")).not.toBe(`${origin}/dashboard`);
      expect(cookiesOf(crossSite).some((cookie) => /session-token=./.test(cookie))).toBe(false);

      const right = await postForm(action, origin, { email: "ada@example.com", password: "correct horse" });
      expect(right.headers.get("location")).toBe(`${origin}/dashboard`);
      const session = cookiesOf(right).find((cookie) => /session-token=./.test(cookie));
      expect(session).toBeDefined();
      expect(await userOf(origin, session!)).toBe("Ada");
    });

    it("the app's own sign-out form posted from another site is refused and the session stays", async () => {
      const session = await exampleSignIn(origin);
      const action = await formAction(origin, "/", session);
      const crossSite = await postForm(action, "https://evil.example", {}, session);
      expect(crossSite.status).toBeLessThan(500);
      expect(crossSite.headers.get("location") ?? "").not.toBe(`${origin}/`);
      expect(crossSite.headers.getSetCookie().some((cookie) => /session-token=;/.test(cookie))).toBe(false);
      expect(await userOf(origin, session)).toBe("Ada");
      // The same form from the site itself ends it.
      const own = await postForm(action, origin, {}, session);
      expect(own.headers.get("location")).toBe(`${origin}/`);
      expect(own.headers.getSetCookie().some((cookie) => /session-token=;/.test(cookie) || /session-token=.*Max-Age=0/i.test(cookie))).toBe(true);
    });
  },
  chromium: ({ origin }, browser) => {
    it("the app's own sign-in and sign-out forms (server functions) work in the browser", async () => {
      const context = await browser().newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/login`);
        await page.locator("input[name=email]").fill("ada@example.com");
        await page.locator("input[name=password]").fill("correct horse");
        await page.locator("#login button[type=submit]").click();
        await page.waitForURL(`${origin}/dashboard`, { timeout: 10_000 });
        await page.goto(`${origin}/`);
        expect(await page.locator("#hello").innerText()).toBe("Hello Ada");
        await page.locator("#form-signout").click();
        await page.locator("#signin").waitFor({ timeout: 10_000 });
        expect((await context.cookies()).some((cookie) => cookie.name.includes("session-token"))).toBe(false);
      } finally {
        await context.close();
      }
    });

    it("the browser client's credentials sign-in with redirect: false answers the error, then signs in", async () => {
      const context = await browser().newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/login`);
        await page.locator("input[name=email]").fill("ada@example.com");
        await page.locator("input[name=password]").fill("wrong");
        await page.locator("#client-credentials").click();
        await page.locator("#client-result", { hasText: "refused: CredentialsSignin" }).waitFor({ timeout: 10_000 });
        expect(page.url()).toBe(`${origin}/login`);
        await page.locator("input[name=password]").fill("correct horse");
        await page.locator("#client-credentials").click();
        await page.locator("#client-result", { hasText: "signed in" }).waitFor({ timeout: 10_000 });
        await page.goto(`${origin}/`);
        expect(await page.locator("#hello").innerText()).toBe("Hello Ada");
      } finally {
        await context.close();
      }
    });
  },
});
