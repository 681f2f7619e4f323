/**
 * The drop-in claim of @latch/hono: one app written for `@hono/auth-js` (app/app.ts) passes its
 * own test on Auth.js (`@hono/auth-js` and `@auth/core` from this folder's lock file), then the
 * same file with its imports renamed to `@latch/hono` and `@latch/core` passes the same test. Each
 * runs on @hono/node-server on a real socket.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { createBrowser, servicesRequired } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("../", import.meta.url));
const notInstalled = ["@hono/auth-js", "@auth/core"].every((name) => existsSync(`${folder}node_modules/${name}/package.json`))
  ? undefined
  : "@hono/auth-js and @auth/core are not installed: run `npm ci --prefix compat/hono-authjs --legacy-peer-deps`";
if (notInstalled && (servicesRequired() || process.env.CI)) throw new Error(notInstalled);
if (notInstalled) console.warn(`skipped: ${notInstalled}`);

/** app/app.ts with its Auth.js imports renamed, written beside it (ignored by git). */
function renamedApp(): string {
  const source = readFileSync(`${folder}app/app.ts`, "utf8").replaceAll('"@hono/auth-js"', '"@latch/hono"').replaceAll('"@auth/core/', '"@latch/core/');
  if (/from "(@auth\/|@hono\/auth-js)/.test(source)) throw new Error("app/app.ts still names an Auth.js package after renaming");
  mkdirSync(`${folder}.renamed`, { recursive: true });
  writeFileSync(`${folder}.renamed/app.ts`, source);
  return `${folder}.renamed/app.ts`;
}

const variants = [
  { name: "on Auth.js (@hono/auth-js, @auth/core)", file: () => `${folder}app/app.ts` },
  { name: "with the imports renamed (@latch/hono, @latch/core)", file: renamedApp },
];

describe.skipIf(!!notInstalled)(`a Hono app written for @hono/auth-js${notInstalled ? ` (skipped: ${notInstalled})` : ""}`, () => {
  const previousSecret = process.env.AUTH_SECRET;
  beforeAll(() => {
    // The app reads its secret from the environment, through Hono's env(c), on both.
    process.env.AUTH_SECRET = "hono-drop-in-secret-0123456789abcdefghijkl";
  });
  afterAll(() => {
    if (previousSecret === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = previousSecret;
  });

  for (const variant of variants) {
    describe(variant.name, () => {
      let server: ServerType;
      let base: string;
      beforeAll(async () => {
        const { app } = (await import(pathToFileURL(variant.file()).href)) as { app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> } };
        server = await new Promise((resolve) => {
          const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
        });
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      });
      afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

      it("the API answers 401 without a session, the user after sign-in, 401 again after sign-out", async () => {
        const browser = createBrowser();
        expect((await browser.fetch(`${base}/api/protected`)).status).toBe(401);

        const { csrfToken } = (await (await browser.fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
        const refused = await browser.fetch(`${base}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, username: "ada", password: "wrong" }),
        });
        expect(refused.status).toBe(302);
        expect(refused.headers.get("location")).toContain("error=CredentialsSignin");
        expect((await browser.fetch(`${base}/api/protected`)).status).toBe(401);

        const signIn = await browser.fetch(`${base}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, username: "ada", password: "open sesame", callbackUrl: `${base}/home` }),
        });
        expect(signIn.status).toBe(302);
        expect(signIn.headers.get("location")).toBe(`${base}/home`);
        const protectedAnswer = await browser.fetch(`${base}/api/protected`);
        expect(protectedAnswer.status).toBe(200);
        expect(await protectedAnswer.json()).toEqual({ name: "ada", email: "ada@example.com", tokenEmail: "ada@example.com" });
        const session = (await (await browser.fetch(`${base}/api/auth/session`)).json()) as { user: { name: string } };
        expect(session.user.name).toBe("ada");

        const signOut = await browser.fetch(`${base}/api/auth/signout`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken }),
        });
        expect(signOut.status).toBe(302);
        expect((await browser.fetch(`${base}/api/protected`)).status).toBe(401);
      });
    });
  }
});
