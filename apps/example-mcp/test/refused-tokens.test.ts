/**
 * The MCP server takes only its own, live access tokens, as the MCP SDK's client meets them: a
 * token Latch issued for another resource of the same app (RFC 8707 `resource`, its `aud`) is
 * refused with 401 `invalid_token` and the RFC 9728 challenge, so is an expired one; and a client
 * whose grant was revoked (RFC 7009) gets no new token once its short-lived one runs out; a token
 * revoked (RFC 7009), or whose grant the user revoked on the grants page, is refused at once. The
 * tokens come from Latch over HTTP: a registered client, a user's sign-in and consent, PKCE.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { hashPassword } from "@latch/core/passwords";
import { freePort } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp, type AppOptions } from "../src/app.js";
import { browser, redirectUrl } from "./person.js";

const password = "correct horse battery";

/** An MCP client's store holding tokens it already has (no new authorization is wanted). */
class HeldTokens implements OAuthClientProvider {
  opened: URL | undefined;
  constructor(
    public saved: OAuthTokens | undefined,
    readonly info: OAuthClientInformationMixed,
  ) {}
  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "Held Assistant", redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  invalidateCredentials(scope: string) {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
  }
  redirectToAuthorization(url: URL) {
    this.opened = url;
  }
  saveCodeVerifier() {}
  codeVerifier() {
    return "";
  }
}

interface Running {
  origin: string;
  app: Awaited<ReturnType<typeof createApp>>;
  close(): Promise<void>;
}

async function start(options: AppOptions): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await createApp(origin, new PGlite(), {}, options);
  const server: Server = await new Promise((resolve) => {
    const s = app.app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    origin,
    app,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.db.close();
    },
  };
}

/**
 * Tokens Latch issues for `resource` to a newly registered public client, a new user having
 * signed in and consented in a browser (a cookie jar); with the client's registration.
 */
async function tokensFor(running: Running, resource: string): Promise<{ tokens: OAuthTokens; client: OAuthClientInformationMixed; browser: (url: string | URL, init?: RequestInit) => Promise<Response> }> {
  const { origin, app } = running;
  const registered = await fetch(`${origin}/auth/oauth2/reg`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Another Client", redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" }),
  });
  expect(registered.status).toBe(201);
  const client = (await registered.json()) as OAuthClientInformationMixed;
  const email = `user-${crypto.randomUUID()}@example.test`;
  const user = await app.adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: "Some User", image: null });
  await app.adapter.setPassword!({ userId: user.id, hash: await hashPassword(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }), updatedAt: new Date() });

  const { go, post, follow } = browser();

  const verifier = randomBytes(32).toString("base64url");
  const authorization = new URL(`${origin}/auth/oauth2/auth`);
  authorization.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUrl,
    response_type: "code",
    scope: "notes:read",
    resource,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const first = await follow(authorization);
  expect(first.url.pathname).toBe("/auth/signin");
  const { csrfToken } = (await (await go(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  const back = first.url.searchParams.get("callbackUrl")!;
  await post(`${origin}/auth/callback/password`, { csrfToken, email, password, callbackUrl: back });
  const consent = await follow(back);
  const page = await consent.response!.text();
  const allowed = await post(`${consent.url.href}/confirm`, { csrfToken: /name="csrfToken" value="([^"]+)"/.exec(page)![1]! });
  const code = (await follow(new URL(allowed.headers.get("location")!, origin))).url.searchParams.get("code")!;
  expect(code).toBeTruthy();
  const exchanged = await fetch(`${origin}/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUrl, client_id: client.client_id, code_verifier: verifier, resource }),
  });
  expect(exchanged.status).toBe(200);
  return { tokens: (await exchanged.json()) as OAuthTokens, client, browser: go };
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { aud: string; exp: number; scope: string };

/** A tool-list call to the MCP server with `token`, by hand: the status, the challenge and the body. */
async function callWith(origin: string, token: string) {
  const response = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  // A refusal is JSON; an answer is the transport's event stream.
  const text = await response.text();
  const body = (response.status === 200 ? {} : JSON.parse(text)) as { error?: string; error_description?: string };
  return { status: response.status, challenge: response.headers.get("www-authenticate") ?? "", body };
}

/** Connects the MCP SDK's client with the tokens of `store` and lists the tools. */
async function listTools(origin: string, store: HeldTokens) {
  const client = new Client({ name: "assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { authProvider: store }));
  try {
    return await client.listTools();
  } finally {
    await client.close();
  }
}

describe("a token for another resource", () => {
  let running: Running;
  let other: string;
  beforeAll(async () => {
    running = await start({ otherResources: { "https://reports.example.test/mcp": { scopes: { "notes:read": "Read your notes in reports" } } } });
    other = "https://reports.example.test/mcp";
  });
  afterAll(() => running?.close());

  test("Latch's token for another resource, with the same scope, is refused: 401 invalid_token with the RFC 9728 challenge, and the SDK's client lists no tools", async () => {
    const { tokens, client } = await tokensFor(running, other);
    expect(claimsOf(tokens.access_token)).toMatchObject({ aud: other, scope: "notes:read" });

    const answer = await callWith(running.origin, tokens.access_token);
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("invalid_token");
    expect(answer.challenge).toContain(`resource_metadata="${running.origin}/.well-known/oauth-protected-resource/mcp"`);
    expect(answer.challenge).toContain('error="invalid_token"');

    // The SDK's client with that token: refused, it starts a new authorization for this server instead.
    const store = new HeldTokens({ access_token: tokens.access_token, token_type: "Bearer" }, client);
    await expect(listTools(running.origin, store)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(store.opened?.searchParams.get("resource")).toBe(`${running.origin}/mcp`);
  }, 60_000);

  test("the same user's token for this server is taken (the refusal above is the audience's)", async () => {
    const { tokens, client } = await tokensFor(running, `${running.origin}/mcp`);
    expect((await callWith(running.origin, tokens.access_token)).status).toBe(200);
    const { tools } = await listTools(running.origin, new HeldTokens(tokens, client));
    expect(tools.map((tool) => tool.name)).toEqual(["whoami"]);
  }, 60_000);
});

describe("expired and revoked", () => {
  let running: Running;
  beforeAll(async () => {
    // Tokens of one second; the server allows 5 seconds of clock skew.
    running = await start({ accessTokenLifetime: 1 });
  });
  afterAll(() => running?.close());

  test("an expired token is refused with 401 invalid_token; a client whose grant was revoked gets no new one and lists no tools", async () => {
    const resource = `${running.origin}/mcp`;
    const live = await tokensFor(running, resource);
    const revoked = await tokensFor(running, resource);
    expect(live.tokens.refresh_token).toBeTruthy();
    // The second client's user revokes it (RFC 7009, the refresh token: its grant ends).
    const revocation = await fetch(`${running.origin}/auth/oauth2/token/revocation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: revoked.tokens.refresh_token!, token_type_hint: "refresh_token", client_id: revoked.client.client_id }),
    });
    expect(revocation.status).toBe(200);

    const { exp } = claimsOf(live.tokens.access_token);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (exp + 6) * 1000 - Date.now())));
    const answer = await callWith(running.origin, live.tokens.access_token);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: "invalid_token", error_description: "The access token has expired." });
    expect(answer.challenge).toContain(`resource_metadata="${running.origin}/.well-known/oauth-protected-resource/mcp"`);

    // Expired, the SDK's client refreshes: with a live grant it lists the tools again…
    const { tools } = await listTools(running.origin, new HeldTokens(live.tokens, live.client));
    expect(tools.map((tool) => tool.name)).toEqual(["whoami"]);
    // …with the revoked grant its refresh is refused, and it is sent to authorize again.
    const store = new HeldTokens(revoked.tokens, revoked.client);
    await expect(listTools(running.origin, store)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(store.opened).toBeDefined();
    const refresh = await fetch(`${running.origin}/auth/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: revoked.tokens.refresh_token!, client_id: revoked.client.client_id, resource }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe("invalid_grant");
  }, 60_000);
});

describe("revoked before it expires", () => {
  let running: Running;
  beforeAll(async () => {
    running = await start({});
  });
  afterAll(() => running?.close());

  /** The SDK's client holding only `token` (no refresh token): it is refused, and sent to authorize again. */
  async function expectNoTools(token: string, client: OAuthClientInformationMixed) {
    const store = new HeldTokens({ access_token: token, token_type: "Bearer" }, client);
    await expect(listTools(running.origin, store)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(store.opened?.searchParams.get("resource")).toBe(`${running.origin}/mcp`);
  }

  function expectRevoked(answer: Awaited<ReturnType<typeof callWith>>) {
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: "invalid_token", error_description: "The access token was revoked." });
    expect(answer.challenge).toContain(`resource_metadata="${running.origin}/.well-known/oauth-protected-resource/mcp"`);
    expect(answer.challenge).toContain('error="invalid_token"');
  }

  test("an access token revoked at the revocation endpoint (RFC 7009) is refused with 401 invalid_token, and the SDK's client lists no tools with it", async () => {
    const { tokens, client } = await tokensFor(running, `${running.origin}/mcp`);
    expect((await callWith(running.origin, tokens.access_token)).status).toBe(200);
    const { tools } = await listTools(running.origin, new HeldTokens({ access_token: tokens.access_token, token_type: "Bearer" }, client));
    expect(tools.map((tool) => tool.name)).toEqual(["whoami"]);

    const revocation = await fetch(`${running.origin}/auth/oauth2/token/revocation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.access_token, token_type_hint: "access_token", client_id: client.client_id }),
    });
    expect(revocation.status).toBe(200);

    expectRevoked(await callWith(running.origin, tokens.access_token));
    await expectNoTools(tokens.access_token, client);
  }, 60_000);

  test("a token whose grant the user revoked on the grants page is refused with 401 invalid_token, and the SDK's client lists no tools with it", async () => {
    const { tokens, client, browser } = await tokensFor(running, `${running.origin}/mcp`);
    expect((await callWith(running.origin, tokens.access_token)).status).toBe(200);

    const listed = (await (await browser(`${running.origin}/auth/oauth2/grants`, { headers: { accept: "application/json" } })).json()) as { grants: { id: string; clientId: string }[]; csrfToken: string };
    const grant = listed.grants.find((one) => one.clientId === client.client_id)!;
    const revoked = await browser(`${running.origin}/auth/oauth2/grants/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken: listed.csrfToken, grantId: grant.id }) });
    expect(revoked.status).toBe(303);

    expectRevoked(await callWith(running.origin, tokens.access_token));
    await expectNoTools(tokens.access_token, client);
  }, 60_000);
});
