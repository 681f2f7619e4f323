/**
 * With SvelteKit's own origin check turned off (`kit.csrf.trustedOrigins: ["*"]`, formerly
 * `checkOrigin: false`), Latch's origin check still refuses cross-site posts: to the credentials
 * endpoint (form and JSON) and to the `signIn` form action, whose post to core carries the
 * browser's `Origin`. The same posts from the app's own origin sign in, so the refusals are the
 * check's doing. Runs the `@auth/sveltekit` fixture app with its imports renamed, on `vite dev`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevCopy, type DevCopy } from "./dev-copy.js";

let app: DevCopy;

beforeAll(async () => {
  app = await startDevCopy("csrf-off", (path, text) =>
    path === "svelte.config.js" ? text.replace("kit: { adapter: adapter() }", 'kit: { adapter: adapter(), csrf: { trustedOrigins: ["*"] } }') : text,
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const credentials = { username: "ada", password: "lovelace" };
const signedIn = (response: Response) => response.headers.getSetCookie().some((c) => /^authjs\.session-token=[^;]/.test(c));

async function post(path: string, from: string, body: string, type = "application/x-www-form-urlencoded") {
  return fetch(`${app.origin}${path}`, { method: "POST", redirect: "manual", headers: { origin: from, "content-type": type, accept: "text/html" }, body });
}

describe("with SvelteKit's origin check off", () => {
  it("the switch took effect: SvelteKit lets a cross-site form post through to its action", async () => {
    const response = await post("/signout", "https://evil.example", "");
    expect(response.status).not.toBe(403);
  }, 90_000);

  it("a cross-site form post to the credentials endpoint is refused; a same-origin one signs in", async () => {
    const body = new URLSearchParams({ ...credentials, callbackUrl: "/" }).toString();
    const refused = await post("/auth/callback/credentials", "https://evil.example", body);
    expect(refused.headers.get("location")).toMatch(/\/auth\/signin\?error=MissingCSRF$/);
    expect(signedIn(refused)).toBe(false);
    const accepted = await post("/auth/callback/credentials", app.origin, body);
    expect(signedIn(accepted)).toBe(true);
  });

  it("a body the signIn action cannot read as a form is a 4xx, not a 500", async () => {
    // SvelteKit refuses other content types itself (415); a broken multipart body reaches the action.
    expect((await post("/signin", app.origin, JSON.stringify({ providerId: "credentials" }), "application/json")).status).toBe(415);
    expect((await post("/signin", app.origin, "not multipart at all", "multipart/form-data; boundary=latch")).status).toBe(400);
    expect((await post("/signout", app.origin, "not multipart at all", "multipart/form-data; boundary=latch")).status).toBe(400);
  });

  it("a cross-site JSON post is refused", async () => {
    const refused = await post("/auth/callback/credentials", "https://evil.example", JSON.stringify({ ...credentials, callbackUrl: "/" }), "application/json");
    expect(refused.headers.get("location")).toMatch(/error=MissingCSRF$/);
    expect(signedIn(refused)).toBe(false);
  });

  it("a cross-site post to the signIn form action signs nobody in; a same-origin one does", async () => {
    const body = new URLSearchParams({ providerId: "credentials", redirectTo: "/", ...credentials }).toString();
    const refused = await post("/signin", "https://evil.example", body);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toMatch(/\/auth\/signin\?error=MissingCSRF$/);
    expect(signedIn(refused)).toBe(false);
    const accepted = await post("/signin", app.origin, body);
    expect(accepted.status).toBe(303);
    expect(signedIn(accepted)).toBe(true);
  });
});

describe.runIf(await chromiumAvailable())("in Chromium, a page of another origin", () => {
  let attacker: Server;

  beforeAll(async () => {
    // A page that posts a sign-in form to the app as soon as it loads (login CSRF).
    attacker = createServer((_req, res) => {
      const fields = Object.entries({ providerId: "credentials", redirectTo: "/", ...credentials })
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
        .join("");
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><form method="POST" action="${app.origin}/signin">${fields}</form><script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it("cannot sign the visitor in by posting the signIn form", async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      await page.waitForURL(/\/auth\/signin\?error=MissingCSRF/, { timeout: 60_000 });
      const cookies = await context.cookies(app.origin);
      expect(cookies.map((c) => c.name)).not.toContain("authjs.session-token");
    } finally {
      await browser.close();
    }
  }, 120_000);
});
