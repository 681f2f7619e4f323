/**
 * `Auth` of `@latch/core/slim`, served over real HTTP: providers made by their factories sign in
 * (`Credentials()`, `OIDC()` against a real OpenID Provider, `Email()` through a real SMTP
 * server), and a provider written as a plain object of type `oauth`, `oidc` or `email` is refused
 * as a configuration error on every request, with nobody signed in and nothing written, where
 * `Auth` of `@latch/core` signs in with the very same object.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth as DropInAuth, type AuthConfig } from "@latch/core";
import { AccountLinks } from "@latch/core/accounts";
import Credentials from "@latch/core/providers/credentials";
import Email from "@latch/core/providers/email";
import OAuth, { OIDC } from "@latch/core/providers/oauth";
import { Auth } from "@latch/core/slim";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBrowser, hasSessionCookie, logs, oidcProvider, pgliteAdapter, quietLogger, secret, session, signIn, startOpenIDProvider, type OpenIDProvider } from "./oauth/harness.js";

type Handler = (request: Request, config: AuthConfig) => Promise<Response>;

/** An HTTP server on loopback answering `/auth/*` with `handler` under the config `configure` last set. */
async function serve(handler: Handler) {
  let config: AuthConfig = { providers: [] };
  const answer = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
    const request = new Request(`${origin}${incoming.url}`, { method: incoming.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
    const response = incoming.url?.startsWith("/auth/") ? await handler(request, config) : new Response("app", { status: 200 });
    const setCookies = response.headers.getSetCookie();
    outgoing.writeHead(response.status, [...[...response.headers].filter(([name]) => name !== "set-cookie"), ...setCookies.map((c) => ["set-cookie", c] as [string, string])].flat());
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  };
  const server: Server = await new Promise((resolve) => {
    const s = createServer((i, o) => void answer(i, o)).listen(0, "127.0.0.1", () => resolve(s));
  });
  // The test's fetch reuses a kept-alive connection; on two loaded cores its own idle timer can
  // fire late, after the server's 5 s default closed the connection ("fetch failed: other side
  // closed"). The server keeps idle connections longer than the client ever does.
  server.keepAliveTimeout = 60_000;
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    configure: (next: Pick<AuthConfig, "providers"> & Partial<AuthConfig>) => void (config = { secret, trustHost: true, logger: quietLogger, basePath: "/auth", ...next }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let op: OpenIDProvider;
let smtp: SmtpTestServer;
let slim: Awaited<ReturnType<typeof serve>>;
let dropIn: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  [op, smtp, slim, dropIn] = await Promise.all([startOpenIDProvider(), startSmtpServer(), serve(Auth as Handler), serve(DropInAuth as Handler)]);
  for (const app of [slim, dropIn]) await op.setClient({ client_id: `corp-${app.origin}`, client_secret: "corp-secret", redirect_uris: [`${app.origin}/auth/callback/corp`, `${app.origin}/auth/callback/corp-legacy`] });
});

afterAll(async () => {
  await Promise.all([op?.close(), smtp?.close(), slim?.close(), dropIn?.close()]);
});

const corpOptions = (origin: string) => ({ clientId: `corp-${origin}`, clientSecret: "corp-secret" });
const user = { id: "u1", name: "Ada", email: "ada@example.com" };

// Each test starts its own PGlite and signs in over HTTP: on two loaded cores that takes longer than the default 10 s.
describe("Auth of @latch/core/slim signs in with providers made by their factories", { timeout: 60_000 }, () => {
  test("Credentials(): the session starts", async () => {
    slim.configure({ providers: [Credentials({ credentials: { username: {} }, authorize: (input) => (input.username === "ada" ? user : null) })] });
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${slim.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const response = await browser.fetch(`${slim.origin}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect((await session(browser, slim.origin))?.user?.email).toBe("ada@example.com");
  });

  test("OIDC() of @latch/core/providers/oauth: discovery, code and PKCE against a real OpenID Provider", async () => {
    slim.configure({ providers: [OIDC({ id: "corp", name: "Corp", issuer: op.issuer, ...corpOptions(slim.origin) })] });
    const browser = createBrowser();
    const { url } = await signIn(browser, slim.origin, "corp", { callbackUrl: `${slim.origin}/home` });
    expect(url.href).toBe(`${slim.origin}/home`);
    expect(hasSessionCookie(browser, slim.origin)).toBe(true);
    expect((await session(browser, slim.origin))?.user?.email).toBeTruthy();
  });

  test("OAuth() of @latch/core/providers/oauth: the endpoints given, no discovery", async () => {
    const { authorization, token, userinfo } = op.endpoints;
    slim.configure({
      providers: [OAuth({ id: "corp", name: "Corp", issuer: op.issuer, authorization: { url: authorization, params: { scope: "openid email" } }, token, userinfo, ...corpOptions(slim.origin), profile: (p: { sub: string; email?: string }) => ({ id: p.sub, email: p.email }) })],
    });
    const browser = createBrowser();
    const { url } = await signIn(browser, slim.origin, "corp", { callbackUrl: `${slim.origin}/home` });
    expect(url.href).toBe(`${slim.origin}/home`);
    expect((await session(browser, slim.origin))?.user?.email).toBeTruthy();
  });

  test("AccountLinks(): a signed-in user links an OAuth() provider's account (the link action finds its flow on the factory's provider too)", async () => {
    const { adapter, accounts } = await pgliteAdapter();
    const { authorization, token, userinfo } = op.endpoints;
    slim.configure({
      adapter,
      account: { links: AccountLinks() },
      providers: [
        OIDC({ id: "corp", name: "Corp", issuer: op.issuer, ...corpOptions(slim.origin) }),
        OAuth({ id: "corp-legacy", name: "Corp (legacy)", issuer: op.issuer, authorization: { url: authorization, params: { scope: "openid email" } }, token, userinfo, ...corpOptions(slim.origin), profile: (p: { sub: string; email?: string }) => ({ id: p.sub, email: p.email }) }),
      ],
    });
    const browser = createBrowser();
    await signIn(browser, slim.origin, "corp", { callbackUrl: `${slim.origin}/home` });
    const { csrfToken } = (await (await browser.fetch(`${slim.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const started = await browser.fetch(`${slim.origin}/auth/link/corp-legacy`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken, callbackUrl: `${slim.origin}/settings` }) });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    expect(new URL(url).origin).toBe(op.issuer);
    expect((await browser.follow(url)).url.href).toBe(`${slim.origin}/settings`);
    expect((await accounts()).map((a) => a.provider).sort()).toEqual(["corp", "corp-legacy"]);
  });

  test("Email() of @latch/core/providers/email: the link goes out through SMTP and signs in", async () => {
    const { adapter } = await pgliteAdapter();
    slim.configure({ adapter, providers: [Email({ server: smtp.url, from: "Latch <no-reply@example.com>" })] });
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${slim.origin}/auth/csrf`)).json()) as { csrfToken: string };
    const sent = await browser.fetch(`${slim.origin}/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: "grace@example.com", callbackUrl: `${slim.origin}/home` }),
      redirect: "manual",
    });
    expect(sent.status).toBe(302);
    const mail = await smtp.waitForMail({ to: "grace@example.com" });
    const link = mail.urls.find((u) => u.includes("/auth/callback/email"))!;
    const { url } = await browser.follow(link);
    expect(url.href).toBe(`${slim.origin}/home`);
    expect((await session(browser, slim.origin))?.user?.email).toBe("grace@example.com");
  });

  test("Email() with the app's own sendVerificationRequest sends the link that way", async () => {
    const { adapter } = await pgliteAdapter();
    const links: string[] = [];
    slim.configure({ adapter, providers: [Email({ sendVerificationRequest: ({ url }) => void links.push(url) })] });
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${slim.origin}/auth/csrf`)).json()) as { csrfToken: string };
    await browser.fetch(`${slim.origin}/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: "hedy@example.com", callbackUrl: `${slim.origin}/home` }),
      redirect: "manual",
    });
    expect(links).toHaveLength(1);
    await browser.follow(links[0]!);
    expect((await session(browser, slim.origin))?.user?.email).toBe("hedy@example.com");
  });
});

describe("a provider written as a plain object", { timeout: 60_000 }, () => {
  const plainObjects = (origin: string) => [
    ["oidc", oidcProvider("corp", op.issuer, corpOptions(origin))],
    ["oauth", { id: "corp", name: "Corp", type: "oauth", issuer: op.issuer, authorization: op.endpoints.authorization, token: op.endpoints.token, userinfo: op.endpoints.userinfo, ...corpOptions(origin) }],
    ["email", { id: "corp", name: "Corp", type: "email", sendVerificationRequest: () => {} }],
  ] as const;

  test.each(["oidc", "oauth", "email"] as const)("of type %s is a configuration error under Auth of @latch/core/slim, on every request, naming its factory", async (type) => {
    const { adapter, counts } = await pgliteAdapter();
    const provider = plainObjects(slim.origin).find(([t]) => t === type)![1];
    slim.configure({ adapter, providers: [provider as never] });
    logs.length = 0;
    const browser = createBrowser();
    const providers = await browser.fetch(`${slim.origin}/auth/providers`);
    expect(providers.status).toBe(500);
    const page = await browser.fetch(`${slim.origin}/auth/signin`);
    expect(page.status).toBe(500);
    expect(await page.text()).toContain("Configuration");
    const { csrfToken } = (await (await browser.fetch(`${slim.origin}/auth/csrf`)).json().catch(() => ({}))) as { csrfToken?: string };
    expect(csrfToken).toBeUndefined();
    const logged = logs.find((l) => l.code === "InvalidProvider");
    expect(String((logged?.args[0] as Error | undefined)?.message)).toContain(`Provider "corp" is written as a plain object of type "${type}"`);
    expect(String((logged?.args[0] as Error | undefined)?.message)).toContain(type === "email" ? "Email({ … }) of @latch/core/providers/email" : "of @latch/core/providers/oauth");
    expect(await counts()).toEqual({ users: 0, accounts: 0, sessions: 0 });
  });

  test("signs in under Auth of @latch/core, as in Auth.js", async () => {
    dropIn.configure({ providers: [oidcProvider("corp", op.issuer, corpOptions(dropIn.origin))] });
    const browser = createBrowser();
    const { url } = await signIn(browser, dropIn.origin, "corp", { callbackUrl: `${dropIn.origin}/home` });
    expect(url.href).toBe(`${dropIn.origin}/home`);
    expect(hasSessionCookie(browser, dropIn.origin)).toBe(true);
  });

  test("of type credentials keeps its few lines under Auth of @latch/core/slim", async () => {
    slim.configure({ providers: [{ id: "credentials", name: "Login", type: "credentials", credentials: {}, authorize: () => user }] });
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${slim.origin}/auth/csrf`)).json()) as { csrfToken: string };
    await browser.fetch(`${slim.origin}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken }), redirect: "manual" });
    expect((await session(browser, slim.origin))?.user?.email).toBe("ada@example.com");
  });
});
