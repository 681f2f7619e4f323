/**
 * The drop-in claim of @latch/astro: one Astro app written for `auth-astro` (app/) is built and
 * passes its own test on Auth.js (`auth-astro` and `@auth/core` from this folder's lock file),
 * then the same app with its imports renamed to `@latch/astro` and `@latch/core` is built and
 * passes the same test. Each runs on @astrojs/node (standalone) on Node 24, on a real socket.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createBrowser, freePort, runtimeNode, servicesRequired, startExampleApp, type ExampleApp } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const folder = fileURLToPath(new URL("../", import.meta.url));
const node = runtimeNode(root, "node24");
const installed = ["auth-astro", "@auth/core", "astro", "@astrojs/node"].every((name) => existsSync(`${folder}node_modules/${name}/package.json`));
const missing = !node
  ? "Node 24 is not installed: run `npm ci --prefix runtimes`"
  : !installed
    ? "auth-astro, @auth/core and Astro are not installed: run `npm ci --prefix compat/astro-authjs --legacy-peer-deps`"
    : undefined;
if (missing && (servicesRequired() || process.env.CI)) throw new Error(missing);
if (missing) console.warn(`skipped: ${missing}`);

const secret = "astro-drop-in-secret-0123456789abcdefghijkl";

/** Every file of app/ (but its build) copied to .renamed/, with the Auth.js imports renamed. */
function renamedApp(): string {
  const target = `${folder}.renamed/`;
  rmSync(target, { recursive: true, force: true });
  cpSync(`${folder}app/`, target, { recursive: true, filter: (source) => !/\/(dist|\.astro)(\/|$)/.test(source) });
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  for (const file of files(target)) {
    const source = readFileSync(file, "utf8").replaceAll(/"auth-astro(\/[a-z]+)?"/g, '"@latch/astro$1"').replaceAll('"@auth/core/', '"@latch/core/');
    if (/from "(@auth\/|auth-astro)/.test(source)) throw new Error(`${file} still names an Auth.js package after renaming`);
    writeFileSync(file, source);
  }
  return target;
}

const variants = [
  { name: "on Auth.js (auth-astro, @auth/core)", dir: () => `${folder}app/` },
  { name: "with the imports renamed (@latch/astro, @latch/core)", dir: renamedApp },
];

describe.skipIf(!!missing)(`an Astro app written for auth-astro${missing ? ` (skipped: ${missing})` : ""}`, () => {
  for (const variant of variants) {
    describe(variant.name, () => {
      let app: ExampleApp | undefined;
      let base: string;
      beforeAll(async () => {
        const dir = variant.dir();
        const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AUTH_SECRET: secret, ASTRO_TELEMETRY_DISABLED: "1" };
        const build = spawnSync(node!, [`${folder}node_modules/astro/bin/astro.mjs`, "build"], { cwd: dir, env, encoding: "utf8" });
        if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
        const port = await freePort();
        base = `http://127.0.0.1:${port}`;
        app = await startExampleApp({ node: node!, cwd: dir, args: ["dist/server/entry.mjs"], env: { ...env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), AUTH_RATE_LIMIT: "false" }, readyText: base });
      }, 120_000);
      afterAll(() => app?.stop());

      it("the API answers 401 without a session, the user after sign-in, 401 again after sign-out", async () => {
        const browser = createBrowser();
        // Astro refuses a form posted without the site's own Origin; a browser sends it.
        const form = { "content-type": "application/x-www-form-urlencoded", origin: base };
        expect((await browser.fetch(`${base}/api/protected`)).status).toBe(401);
        expect(await (await browser.fetch(`${base}/`)).text()).toContain('<p id="signed-out">Signed out</p>');

        const { csrfToken } = (await (await browser.fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
        const refused = await browser.fetch(`${base}/api/auth/callback/credentials`, { method: "POST", headers: form, body: new URLSearchParams({ csrfToken, username: "ada", password: "wrong" }) });
        expect(refused.status).toBe(302);
        expect(refused.headers.get("location")).toContain("error=CredentialsSignin");
        expect((await browser.fetch(`${base}/api/protected`)).status).toBe(401);

        const signIn = await browser.fetch(`${base}/api/auth/callback/credentials`, {
          method: "POST",
          headers: form,
          body: new URLSearchParams({ csrfToken, username: "ada", password: "open sesame", callbackUrl: `${base}/home` }),
        });
        expect(signIn.status).toBe(302);
        expect(signIn.headers.get("location")).toBe(`${base}/home`);
        const protectedAnswer = await browser.fetch(`${base}/api/protected`);
        expect(protectedAnswer.status).toBe(200);
        expect(await protectedAnswer.json()).toEqual({ name: "ada", email: "ada@example.com" });
        expect(await (await browser.fetch(`${base}/`)).text()).toContain('<p id="hello">Hello ada</p>');
        const session = (await (await browser.fetch(`${base}/api/auth/session`)).json()) as { user: { name: string } };
        expect(session.user.name).toBe("ada");

        const signOut = await browser.fetch(`${base}/api/auth/signout`, { method: "POST", headers: form, body: new URLSearchParams({ csrfToken }) });
        expect(signOut.status).toBe(302);
        expect((await browser.fetch(`${base}/api/protected`)).status).toBe(401);
      });
    });
  }
});
