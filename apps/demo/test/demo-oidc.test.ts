/**
 * "Sign in with Demo OpenID": the demo app and its built-in OpenID Provider, over real HTTP,
 * with nothing outside this machine.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createBrowser } from "@latch/testing";
import { createDemoApp } from "../src/app.js";
import { demoOidcAccount, demoOidcProviderId, startDemoOpenIDProvider, type DemoOpenIDProvider } from "../src/demo-oidc.js";

let server: Server;
let op: DemoOpenIDProvider;
let origin: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  op = await startDemoOpenIDProvider({ redirectUri: `${origin}/auth/callback/${demoOidcProviderId}`, port: 0 });
  const { app } = createDemoApp({ secret: "demo-test-secret-0123456789abcdefghijklmnop", demoOidc: op });
  server.on("request", app);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await op?.close();
});

test("the sign-in page offers Demo OpenID, and signing in with it ends signed in as the demo account", async () => {
  const browser = createBrowser();
  const page = await (await browser.fetch(`${origin}/auth/signin`)).text();
  expect(page).toContain("Demo OpenID");

  const csrf = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  const { url } = await browser.follow(`${origin}/auth/signin/${demoOidcProviderId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: `${origin}/protected` }),
  });
  expect(url.href).toBe(`${origin}/protected`);
  const session = (await (await browser.fetch(`${origin}/auth/session`)).json()) as { user?: { name?: string; email?: string } };
  expect(session.user).toMatchObject({ name: demoOidcAccount.name, email: demoOidcAccount.email });
});
