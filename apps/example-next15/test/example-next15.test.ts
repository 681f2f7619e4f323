/**
 * An app written for next-auth@5 (next-auth-app/: `next-auth`, `next-auth/react`,
 * `next-auth/providers/credentials`, a `declare module "next-auth"` augmentation), renamed to
 * @latch/next by scripts/from-next-auth.mjs and built by `npm run build` on Next.js 15:
 * middleware.ts and the Route Handlers on the edge runtime, JWT sessions. Driven in Chromium.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromiumAvailable, launchChromium, requestConversionAttacks, sendAttack } from "@latch/testing";
import { answeredByNext, isBuilt, startNext, type NextServer } from "../../example-next/test/next-server.js";
// @ts-expect-error: a plain JavaScript build script, without type declarations
import { renameImports } from "../scripts/from-next-auth.mjs";

const appDir = new URL("..", import.meta.url).pathname;
const shots = `${appDir}test-results`;

describe("renaming next-auth imports", () => {
  test("every next-auth specifier becomes @latch/next, in imports, re-exports and declare module", () => {
    const source = [
      `import NextAuth, { type NextAuthConfig } from "next-auth"`,
      `import { SessionProvider } from 'next-auth/react'`,
      `import GitHub from "next-auth/providers/github"`,
      `export { auth as middleware } from "@/auth"`,
      `declare module "next-auth" {}`,
      `import { getToken } from "next-auth/jwt"`,
      `const label = "next-auth-app"`,
    ].join("\n");
    const renamed = renameImports(source) as string;
    expect(renamed).toContain(`from "@latch/next"`);
    expect(renamed).toContain(`from '@latch/next/react'`);
    expect(renamed).toContain(`from "@latch/next/providers/github"`);
    expect(renamed).toContain(`declare module "@latch/next"`);
    expect(renamed).toContain(`from "@latch/next/jwt"`);
    expect(renamed).toContain(`"next-auth-app"`);
    expect(renamed).not.toMatch(/["']next-auth(\/[^"']*)?["']/);
  });

  test("the kept app imports only next-auth (it is a next-auth@5 app as written)", () => {
    const files = readdirSync(`${appDir}next-auth-app`, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    const sources = files.map((f) => readFileSync(`${appDir}next-auth-app/${f}`, "utf8")).join("\n");
    expect(sources).toContain(`from "next-auth"`);
    expect(sources).toContain(`from "next-auth/react"`);
    expect(sources).not.toContain("@latch");
  });
});

const ready = await chromiumAvailable();
if (ready && !isBuilt(appDir)) throw new Error("apps/example-next15 is not built: run `npm run build -w @latch/example-next15` (npm test builds it first).");

describe.runIf(ready)("the next-auth@5 app on Next.js 15, edge runtime, in Chromium", () => {
  let server: NextServer;
  let browser: Browser;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startNext({ AUTH_SECRET: randomBytes(33).toString("base64"), AUTH_TRUST_HOST: "true" }, appDir);
    // Next.js 15 writes 127.0.0.1 as "localhost" in the redirects of middleware (its URL
    // normalisation of loopback hosts), so the browser uses that name from the start.
    origin = `http://localhost:${server.port}`;
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("middleware.ts runs on the edge runtime, with no node: module of Latch's in its bundle", () => {
    const manifest = JSON.parse(readFileSync(`${appDir}.next/server/middleware-manifest.json`, "utf8")) as { middleware: Record<string, { files: string[] }> };
    const files = Object.values(manifest.middleware).flatMap((m) => m.files);
    expect(files.length).toBeGreaterThan(0);
    const bundle = files.map((f) => readFileSync(`${appDir}.next/${f}`, "utf8")).join("\n");
    expect(bundle).toContain("authjs.session-token");
    // core's Node.js crypto path stays out; what remains is Next.js's own edge runtime (Buffer, AsyncLocalStorage).
    expect(bundle).not.toContain("node:crypto");
    const nodeModules = new Set([...bundle.matchAll(/"node:([a-z_/]+)"/g)].map((m) => m[1]));
    for (const name of nodeModules) expect(["buffer", "async_hooks", "events", "util", "assert"]).toContain(name);
  });

  test("request conversion attacks on the edge Route Handlers are refused or change nothing", async () => {
    const host = `127.0.0.1:${server.port}`;
    const attacks = requestConversionAttacks({ basePath: "/api/auth", host, origin: `http://${host}`, siteUrlSet: false });
    const failures: string[] = [];
    for (const attack of attacks) {
      const answer = await sendAttack(attack, { host: "127.0.0.1", port: server.port });
      try {
        attack.check(answer);
      } catch (error) {
        if (!answeredByNext(attack, answer)) failures.push(`${attack.name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("the edge Route Handler with auth() answers 401 signed out", async () => {
    expect((await page.request.get(`${origin}/api/edge-session`)).status()).toBe(401);
  });

  test("server-side signIn() without a provider (a Server Action) goes to the sign-in page", async () => {
    await page.goto(`${origin}/`);
    await page.click("#to-signin");
    await page.waitForURL((url) => url.pathname === "/api/auth/signin");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`${origin}/`);
  });

  test("/dashboard signed out: middleware redirects to the sign-in page with a callbackUrl", async () => {
    await page.goto(`${origin}/dashboard`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/api/auth/signin");
    expect(url.searchParams.get("callbackUrl")).toBe(`${origin}/dashboard`);
  });

  test("credentials sign-in on the built-in page lands on /dashboard with the augmented session", async () => {
    await page.fill('input[name="email"]', "grace@example.com");
    await page.fill('input[name="password"]', "cobol-1959");
    await page.click('form[action$="/callback/credentials"] button');
    await page.waitForURL(`${origin}/dashboard`);
    expect(await page.textContent("#server-user")).toBe("Grace Hopper");
    expect(await page.textContent("#server-role")).toBe("admiral");
    await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "authenticated");
    expect(await page.textContent("#client-user")).toBe("Grace Hopper");
    const cookie = (await page.context().cookies()).find((c) => c.name === "authjs.session-token");
    expect(cookie?.value.split(".")).toHaveLength(5); // a JWE: JWT sessions
    await page.screenshot({ path: `${shots}/dashboard-edge.png` });
    const edge = await page.request.get(`${origin}/api/edge-session`);
    expect(edge.status()).toBe(200);
    expect(await edge.json()).toMatchObject({ user: { name: "Grace Hopper", role: "admiral" } });
  });

  test("next-auth/react's signOut signs out, and middleware guards /dashboard again", async () => {
    await page.click("#signout");
    await page.waitForURL(`${origin}/`);
    expect(await page.textContent("#home-status")).toBe("Not signed in");
    await page.goto(`${origin}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
  });

  test("next-auth/react's signIn with redirect: false reports a wrong password, then signs in", async () => {
    await page.goto(`${origin}/`);
    await page.fill('input[name="password"]', "fortran");
    await page.click("#client-signin");
    await page.waitForFunction(() => document.querySelector("#client-error")?.textContent !== "");
    expect(await page.textContent("#client-error")).toBe("CredentialsSignin (credentials)");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.fill('input[name="password"]', "cobol-1959");
    await page.click("#client-signin");
    await page.waitForURL(`${origin}/dashboard`);
    expect(await page.textContent("#server-user")).toBe("Grace Hopper");
  });
});
