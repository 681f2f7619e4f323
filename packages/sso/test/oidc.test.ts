/**
 * OpenID Connect connections over HTTP against a real OpenID Provider (`oidc-provider`, from
 * `@latch/testing`, on 127.0.0.1): the owner of Acme connects it through the admin endpoints (the
 * client secret sealed, never shown), a person at Acme's verified domain is sent there by
 * home-realm discovery and comes back signed in, a member with the role their `groups` claim maps
 * to. Every refusal is driven through the provider: a wrong `state`, a sign-in started in another
 * browser, an ID token with another nonce, another audience or another issuer, an authorization
 * response from another issuer, an unverified address at a domain nobody verified, and an address
 * at a domain another organization verified. On PGlite and, when it answers, the real PostgreSQL.
 */
import { createServer, type Server } from "node:http";
import { createBrowser, freePort, needService, services, startOpenIDProvider, type OpenIDProvider, type TestBrowser } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, globex, outsider, owner, pglite, postgres, secret, startApp, type Engine, type SsoApp } from "./harness.js";

const clientSecret = "acme-oidc-client-secret-7f3a9c";

const engines: [string, () => Promise<Engine>, boolean][] = [
  ["PGlite", pglite, true],
  ["PostgreSQL", postgres, await needService(services.postgres)],
];

describe.each(engines)("OpenID Connect connections on %s", (_name, engine, available) => {
  let app: SsoApp;
  let op: OpenIDProvider;
  let connectionId: string;

  const verifyDomain = async (admin: Browser, organizationId: string, domain: string) => {
    const claim = (await (await admin.send("POST", `sso/organizations/${organizationId}/domains`, { domain })).json()) as { record: { name: string; value: string } };
    app.txt.set(claim.record.name, [[claim.record.value]]);
    expect((await admin.send("POST", `sso/organizations/${organizationId}/domains/${domain}/verify`)).status).toBe(200);
  };

  /** From `start` to the provider and back to the app's callback URL, which is not requested. */
  const toCallback = async (browser: TestBrowser, start: string): Promise<URL> => {
    const result = await browser.follow(start, {}, { stopAt: (url) => url.pathname === "/auth/sso/oidc/callback" });
    expect(result.url.pathname, result.urls.join("\n")).toBe("/auth/sso/oidc/callback");
    return result.url;
  };
  const startOf = (email: string, connection = connectionId) => `${app.origin}/auth/sso/oidc/${connection}/start?${new URLSearchParams({ callbackUrl: "/dashboard", loginHint: email })}`;
  const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error: string; reason: string }) });

  beforeAll(async () => {
    if (!available) return;
    app = await startApp(await engine(), { secret, outbound: { allowLoopback: true } });
    op = await startOpenIDProvider({
      // The ID token carries the account's `amr`, as a provider that reports its factors does.
      scopeClaims: { openid: ["amr"] },
      clients: [{ client_id: "latch-acme", client_secret: clientSecret, redirect_uris: [`${app.origin}/auth/sso/oidc/callback`] }],
      accounts: [
        { sub: "ada-1", email: "ada@acme.test", email_verified: true, name: "Ada Acme", groups: ["staff", "acme-admins"] },
        { sub: "bea-2", email: "bea@acme.test", email_verified: false, name: "Bea", groups: ["staff"] },
        { sub: "zoe-3", email: "zoe@elsewhere.test", email_verified: false, name: "Zoe" },
        { sub: "gus-4", email: "gus@globex.test", email_verified: true, name: "Gus" },
        { sub: "tia-5", email: "tia@acme.test", email_verified: true, name: "Tia", amr: ["pwd", "otp"] },
        { sub: "pam-6", email: "pam@acme.test", email_verified: true, name: "Pam", amr: ["pwd"] },
      ],
    });
    const admin = await new Browser(app.origin).signIn(owner.email);
    const created = await admin.send("POST", `sso/organizations/${acme.id}/connections`, {
      kind: "oidc",
      issuer: op.issuer,
      clientId: "latch-acme",
      clientSecret,
      groupRoles: { "acme-admins": "admin" },
      defaultRole: "member",
    });
    const body = await created.text();
    expect(created.status, body).toBe(201);
    expect(body).not.toContain(clientSecret);
    connectionId = (JSON.parse(body) as { id: string }).id;
    await verifyDomain(admin, acme.id, "acme.test");
    await verifyDomain(await new Browser(app.origin).signIn(outsider.email), globex.id, "globex.test");
  });
  afterAll(async () => {
    await op?.close();
    await app?.close();
  });

  test.skipIf(!available)("the admin sees the connection and the redirect URI to register, never the client secret, which is stored sealed", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const listed = await (await admin.fetch(`sso/organizations/${acme.id}/connections`)).text();
    expect(listed).not.toContain(clientSecret);
    expect(JSON.parse(listed)).toMatchObject({ connections: [{ id: connectionId, kind: "oidc", issuer: op.issuer, clientId: "latch-acme", rp: { redirectUri: `${app.origin}/auth/sso/oidc/callback` } }] });
    const { rows } = await app.engine.db.query(`SELECT settings::text AS settings FROM sso_connections WHERE id = $1`, [connectionId]);
    expect((rows[0] as { settings: string }).settings).not.toContain(clientSecret);
  });

  test.skipIf(!available)("an address at the verified domain goes to the provider and comes back signed in, a member of Acme with the role its groups claim maps to", async () => {
    const browser = createBrowser();
    const discover = `${app.origin}/auth/sso/discover?${new URLSearchParams({ email: "ada@acme.test", callbackUrl: "/dashboard" })}`;
    const callback = await toCallback(browser, discover);
    const landed = await browser.fetch(callback);
    expect(landed.status, await landed.clone().text()).toBe(302);
    expect(landed.headers.get("location")).toBe(`${app.origin}/dashboard`);
    const session = (await (await browser.fetch(`${app.origin}/auth/session`)).json()) as { user?: { email?: string; name?: string } };
    expect(session.user).toMatchObject({ email: "ada@acme.test", name: "Ada Acme" });
    const user = await app.adapter.getUserByEmail("ada@acme.test");
    expect(await app.adapter.getMember(acme.id, user!.id)).toMatchObject({ role: "admin" });
    expect(await app.adapter.getUserByAccount({ provider: `sso-${connectionId}`, providerAccountId: "ada-1" })).toMatchObject({ id: user!.id });
  });

  test.skipIf(!available)("an address the provider did not verify is taken when its domain is one Acme verified; the default role without a mapped group", async () => {
    const browser = createBrowser();
    const landed = await browser.fetch(await toCallback(browser, startOf("bea@acme.test")));
    expect(landed.status).toBe(302);
    const bea = await app.adapter.getUserByEmail("bea@acme.test");
    expect(await app.adapter.getMember(acme.id, bea!.id)).toMatchObject({ role: "member" });
  });

  test.skipIf(!available)("a state that no sign-in started is refused", async () => {
    const browser = createBrowser();
    const callback = await toCallback(browser, startOf("ada@acme.test"));
    callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    expect(await refusal(await browser.fetch(callback))).toMatchObject({ status: 400, error: "OidcResponseRefused", reason: "state" });
  });

  test.skipIf(!available)("the answer to a sign-in another browser started is refused (login CSRF)", async () => {
    const attacker = createBrowser();
    const callback = await toCallback(attacker, startOf("ada@acme.test"));
    const victim = createBrowser();
    expect(await refusal(await victim.fetch(callback))).toMatchObject({ status: 400, reason: "browser" });
  });

  const tampered = [
    ["id-token-wrong-nonce", "nonce"],
    ["id-token-wrong-aud", "aud"],
    ["id-token-wrong-iss", "iss"],
    ["authorization-response-wrong-iss", "iss"],
    ["id-token-other-key", "signature"],
  ] as const;
  test.skipIf(!available).each(tampered)("%s is refused (%s), and nobody is signed in", async (kind, reason) => {
    const before = await app.engine.db.query(`SELECT count(*)::int AS n FROM sessions`);
    const browser = createBrowser();
    op.tamper(kind);
    try {
      const callback = await toCallback(browser, startOf("ada@acme.test"));
      const response = await browser.fetch(callback);
      expect(await refusal(response)).toMatchObject({ status: 400, error: "OidcResponseRefused", reason });
      expect(response.headers.get("set-cookie") ?? "").not.toContain("session-token");
    } finally {
      op.clearTampering();
    }
    expect(await app.engine.db.query(`SELECT count(*)::int AS n FROM sessions`)).toEqual(before);
  });

  test.skipIf(!available)("an address the provider did not verify, at a domain no organization verified, is refused", async () => {
    const browser = createBrowser();
    expect(await refusal(await browser.fetch(await toCallback(browser, startOf("zoe@elsewhere.test"))))).toMatchObject({ status: 400, reason: "unverified-email" });
    expect(await app.adapter.getUserByEmail("zoe@elsewhere.test")).toBeNull();
  });

  test.skipIf(!available)("Acme's provider cannot sign in an address at a domain Globex verified, even one it says it verified", async () => {
    const browser = createBrowser();
    expect(await refusal(await browser.fetch(await toCallback(browser, startOf("gus@globex.test"))))).toMatchObject({ status: 400, reason: "other-organization" });
    expect(await app.adapter.getUserByEmail("gus@globex.test")).toBeNull();
  });

  test.skipIf(!available)("a connection trusting the provider's second factor starts the session with it earned when the ID token's amr names one, and only then", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const amrOf = async (email: string) => ((await app.engine.db.query(`SELECT s.amr FROM sessions s JOIN users u ON u.id = s."userId" WHERE u.email = $1`, [email])).rows as { amr: string[] | null }[]).map((row) => row.amr ?? []);
    const signIn = async (email: string) => {
      const browser = createBrowser();
      expect((await browser.fetch(await toCallback(browser, startOf(email)))).status).toBe(302);
    };
    await signIn("tia@acme.test");
    expect((await amrOf("tia@acme.test")).flat()).not.toContain("mfa");
    // The whole settings again; the client secret left out is kept.
    const patched = await admin.send("PATCH", `sso/organizations/${acme.id}/connections/${connectionId}`, { issuer: op.issuer, clientId: "latch-acme", groupRoles: { "acme-admins": "admin" }, trustIdpMfa: true });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.text()).not.toContain(clientSecret);
    await signIn("tia@acme.test");
    expect((await amrOf("tia@acme.test")).flat()).toContain("mfa");
    await signIn("pam@acme.test");
    expect((await amrOf("pam@acme.test")).flat()).not.toContain("mfa");
  });

  test.skipIf(!available)("a discovery document naming a token endpoint in a link-local network is not followed there", async () => {
    // An issuer an admin controls, whose discovery document sends the token request to where cloud metadata answers.
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const document = { issuer, authorization_endpoint: op.endpoints.authorization, token_endpoint: "https://169.254.169.254/token", jwks_uri: op.endpoints.jwks, response_types_supported: ["code"] };
    const server: Server = createServer((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(document)));
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const admin = await new Browser(app.origin).signIn(owner.email);
      const created = await admin.send("POST", `sso/organizations/${acme.id}/connections`, { kind: "oidc", issuer, clientId: "latch-acme", clientSecret });
      expect(created.status).toBe(201);
      const browser = createBrowser();
      const callback = await toCallback(browser, startOf("ada@acme.test", ((await created.json()) as { id: string }).id));
      // The provider's own `iss` parameter would betray it; this issuer announces none.
      callback.searchParams.delete("iss");
      expect(await refusal(await browser.fetch(callback))).toMatchObject({ status: 400, error: "OidcResponseRefused", reason: "outbound" });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test.skipIf(!available)("an issuer that is not https (outside loopback) is refused when the connection is made", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const refused = await admin.send("POST", `sso/organizations/${acme.id}/connections`, { kind: "oidc", issuer: "http://id.acme.example", clientId: "x", clientSecret: "y" });
    expect(await refused.json()).toMatchObject({ error: "InvalidIssuer" });
    expect(refused.status).toBe(400);
  });
});
