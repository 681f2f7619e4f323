/**
 * A second Astro app (test/fixture) on the example's Astro and @astrojs/node, built once on Node
 * 24: the client's address the adapter reads off the socket reaches the rate limits, a forged
 * X-Forwarded-For counts only behind a proxy the config trusts, and the server-side `signIn` and
 * `signOut` work from the app's own endpoints and refuse a form posted from another site.
 */
import { fileURLToPath } from "node:url";
import { createBrowser, freePort, startExampleApp, type ExampleApp } from "@latch/testing";
import { clientAddressTests } from "@latch/testing/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, build, missing, node } from "./astro.js";

const fixture = fileURLToPath(new URL("fixture/", import.meta.url));

let app: ExampleApp | undefined;
let base = "";

describe.skipIf(!!missing)(`@latch/astro's client address and server-side sign-in${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    build(fixture);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startExampleApp({
      node: node!,
      cwd: fixture,
      args: ["dist/server/entry.mjs"],
      env: { ...baseEnv, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), AUTH_SECRET: "astro-fixture-secret-0123456789abcdefghij", AUTH_URL: base },
      readyText: base,
    });
  }, 120_000);
  afterAll(() => app?.stop());

  clientAddressTests(() => base);

  it("signIn and signOut from the app's own endpoints; a form from another site changes nothing", async () => {
    const browser = createBrowser();
    const post = (path: string, fields: Record<string, string>, origin = base) =>
      browser.fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin }, body: new URLSearchParams(fields) });
    const name = async () => ((await (await browser.fetch(`${base}/me`)).json()) as { user?: { name?: string } } | null)?.user?.name ?? null;

    expect(await name()).toBeNull();
    const wrong = await post("/login", { username: "ada", password: "wrong" });
    expect(wrong.headers.get("location")).toContain("error=CredentialsSignin");
    expect(await name()).toBeNull();

    // Astro's own origin check is off in this app: Latch's check of the Origin refuses the form.
    const crossSite = await post("/login", { username: "ada", password: "right" }, "https://attacker.example");
    expect(crossSite.status).toBeLessThan(500);
    expect(crossSite.headers.get("location")).not.toBe(`${base}/me`);
    expect(crossSite.headers.getSetCookie().some((cookie) => /session-token=[^;]/.test(cookie))).toBe(false);
    expect(await name()).toBeNull();

    const signedIn = await post("/login", { username: "ada", password: "right" });
    expect(signedIn.headers.get("location")).toBe(`${base}/me`);
    expect(await name()).toBe("ada");

    const crossSiteOut = await post("/logout", {}, "https://attacker.example");
    expect(crossSiteOut.status).toBeLessThan(500);
    expect(await name()).toBe("ada");

    const signedOut = await post("/logout", {});
    expect(signedOut.status).toBeLessThan(400);
    expect(await name()).toBeNull();
  });
});
