/**
 * The web bridge (`@latch/oidc-provider/web`): a server that gives its route handlers web
 * `Request`s (as Next.js route handlers and SvelteKit on Node do) serves Latch with `Auth()` and
 * the provider with `webHandler` — no Express. openid-client runs the code flow with PKCE,
 * userinfo, refresh and RP-initiated logout through it.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import * as client from "openid-client";
import { Auth, type AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { PostgresAdapter, migrate } from "@latch/pg";
import { freePort } from "@latch/testing";
import { afterAll, beforeAll, expect, test } from "vitest";
import { OAuthProvider } from "../src/index.js";
import { webHandler } from "../src/web.js";
import { password, rpCallback, type TestApp } from "./app.js";
import { codeFlow, memberBrowser, rpConfig } from "./flows.js";

let db: PGlite;
let server: Server;
let app: TestApp;

async function webRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const method = req.method ?? "GET";
  return new Request(new URL(req.url ?? "/", origin), { method, headers, ...(method !== "GET" && method !== "HEAD" && { body: Buffer.concat(chunks) }) });
}

beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  const adapter = PostgresAdapter(db);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config: AuthConfig = {
    secret: "web-bridge-secret-0123456789abcdefghijklmnop",
    trustHost: true,
    adapter,
    providers: [Password()],
    accessTokens: AccessTokens({ algorithm: "ES256" }),
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
  const oauth = OAuthProvider({
    auth: config,
    issuer: origin,
    clients: [{ client_id: "first-party", token_endpoint_auth_method: "none", redirect_uris: [rpCallback], post_logout_redirect_uris: ["http://rp.example.test/signed-out"], grant_types: ["authorization_code", "refresh_token"], firstParty: true }],
  });
  const web = webHandler(oauth);
  // The route handlers, as a framework with web requests would call them.
  server = createServer(async (req, res) => {
    const request = await webRequest(req, origin);
    const { pathname } = new URL(request.url);
    const address = req.socket.remoteAddress;
    const response = pathname.startsWith("/.well-known/oauth-protected-resource")
      ? web.protectedResource(request)
      : pathname.startsWith("/.well-known/")
        ? await web.discovery(request, address)
        : pathname.startsWith(oauth.mountPath)
          ? await web.handle(request, address)
          : await Auth(request, config);
    res.statusCode = response.status;
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") res.setHeader(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("set-cookie", cookies);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  app = {
    origin,
    config,
    oauth,
    db,
    async member() {
      const user = { id: randomUUID(), email: `web-${randomUUID()}@example.test`, name: "Web Member", image: null, emailVerified: new Date() };
      await adapter.createUser!(user);
      await adapter.setPassword!({ userId: user.id, hash: await hashPassword(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }), updatedAt: new Date() });
      return user;
    },
    close: async () => {},
  };
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
});

test("discovery, the code flow with PKCE, userinfo, refresh and logout through the web bridge", async () => {
  const metadata = await (await fetch(`${app.origin}/.well-known/oauth-authorization-server`)).json();
  expect(metadata).toMatchObject({ issuer: app.origin, token_endpoint: `${app.origin}/auth/oauth2/token` });
  const { browser, user } = await memberBrowser(app);
  const config = await rpConfig(app);
  const tokens = await codeFlow(config, browser);
  expect(tokens.claims()).toMatchObject({ sub: user.id, email: user.email });
  expect((await client.fetchUserInfo(config, tokens.access_token, user.id)).email).toBe(user.email);
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

  const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: "http://rp.example.test/signed-out" });
  const page = await browser.fetch(logout);
  expect(page.status).toBe(200);
  const confirmed = await browser.submit(await page.text(), logout.href, { logout: "yes" });
  expect(confirmed.headers.get("location")).toBe("http://rp.example.test/signed-out");
  expect(await (await browser.fetch(`${app.origin}/auth/session`)).json()).toBeNull();
});
