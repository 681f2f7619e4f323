/**
 * Microsoft Entra ID's multi-tenant endpoints, against the real OpenID Provider. Setup: the OP's
 * issuer identifier is `http://<tenant GUID>.localhost` (only an identifier: everything is
 * reached at 127.0.0.1) and its account carries the `tid` claim, so its ID tokens, signed as
 * always, say `iss: http://<tenant>.localhost` and `tid: <tenant>`. A tiny loopback server in front
 * of the OP's discovery document replaces `issuer` with the template `http://{tenantid}.localhost`,
 * as Microsoft's `common` endpoint does with `https://login.microsoftonline.com/{tenantid}/v2.0`;
 * it re-signs nothing. Latch is configured with `issuer: http://common.localhost` and that
 * document as `wellKnown`. (The template sits in the host here, not the path as at Microsoft,
 * because the test OP's issuer is an origin.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Provider } from "@latch/core";
import MicrosoftEntraID from "@latch/core/providers/microsoft-entra-id";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createBrowser, hasSessionCookie, logs, postSignIn, session, signIn, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider } from "./harness.js";

const tenant = "0f9a2c4e-1b7d-4c3e-9a58-2d6f1e0b7c11";
const otherTenant = "7d3b1e2f-5a4c-4b6d-8e9f-0a1b2c3d4e5f";
const alice = { sub: "alice", email: "alice@example.com", email_verified: true, name: "Alice Example", tid: tenant };

let op: OpenIDProvider;
let latch: LatchServer;
let discovery: Server;
let wellKnown: string;

/** The preset with `issuer`, reading the rewritten discovery document. */
const entra = (issuer: string) => MicrosoftEntraID({ clientId: "entra", clientSecret: "entra-secret", issuer, wellKnown });

beforeAll(async () => {
  latch = await startLatch();
  op = await startOpenIDProvider({ issuer: `http://${tenant}.localhost`, accounts: [alice] });
  await op.setClient({ client_id: "entra", client_secret: "entra-secret", redirect_uris: [`${latch.origin}/auth/callback/microsoft-entra-id`] });
  discovery = createServer((_req, res) => {
    void fetch(`http://127.0.0.1:${op.port}/.well-known/openid-configuration`)
      .then((r) => r.json() as Promise<Record<string, unknown>>)
      .then((document) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ...document, issuer: "http://{tenantid}.localhost" }));
      });
  });
  await new Promise<void>((resolve) => discovery.listen(0, "127.0.0.1", resolve));
  wellKnown = `http://127.0.0.1:${(discovery.address() as AddressInfo).port}/common/v2.0/.well-known/openid-configuration`;
  latch.configure({ providers: [entra("http://common.localhost")] });
});

afterEach(() => {
  op.setAccount(alice);
  logs.length = 0;
});

afterAll(async () => {
  await latch?.close();
  await op?.close();
  discovery?.closeAllConnections();
  await new Promise((resolve) => discovery?.close(resolve));
});

describe("a {tenantid} issuer template", () => {
  test("the discovery document really publishes the template, and the ID token the real tenant", async () => {
    const document = (await (await fetch(wellKnown)).json()) as { issuer: string };
    expect(document.issuer).toBe("http://{tenantid}.localhost");
    expect(op.issuer).toBe(`http://${tenant}.localhost`);
  });

  test("signs in when the ID token's iss is the template filled with its tid", async () => {
    const browser = createBrowser();
    const { url, urls } = await signIn(browser, latch.origin, "microsoft-entra-id");
    // The authorization response's RFC 9207 iss is the tenant's issuer, accepted against the template.
    const callback = new URL(urls.find((u) => u.includes("/auth/callback/"))!);
    expect(callback.searchParams.get("iss")).toBe(`http://${tenant}.localhost`);
    expect(logs).toEqual([]);
    expect(url.href).toBe(`${latch.origin}/dashboard`);
    expect(await session(browser, latch.origin)).toMatchObject({ user: { name: "Alice Example", email: "alice@example.com" } });
  });

  test("an ID token whose tid names another tenant than its iss is refused", async () => {
    op.setAccount({ ...alice, tid: otherTenant });
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "microsoft-entra-id");
    expect(url.pathname).toBe("/auth/signin");
    expect(url.searchParams.get("error")).toBe("OAuthCallbackError");
    expect(logs.map((l) => l.code)).toEqual(["OAuthCallbackError"]);
    expect(hasSessionCookie(browser, latch.origin)).toBe(false);
  });

  test.each([
    ["not GUID-shaped", "common"],
    ["a host spliced in", "attacker.example"],
    ["not a string", 42],
  ])("an ID token whose tid is %s is refused", async (_what, tid) => {
    op.setAccount({ ...alice, tid } as typeof alice);
    const browser = createBrowser();
    const { url } = await signIn(browser, latch.origin, "microsoft-entra-id");
    expect(url.searchParams.get("error")).toBe("OAuthCallbackError");
    expect(hasSessionCookie(browser, latch.origin)).toBe(false);
  });

  /** Signs in with `provider` in place of the preset configured above: where the browser is sent and what is logged. */
  async function startWith(provider: Provider) {
    latch.configure({ providers: [provider] });
    try {
      const response = await postSignIn(createBrowser(), latch.origin, "microsoft-entra-id");
      const location = new URL(response.headers.get("location")!);
      return { at: `${location.pathname}${location.search}`, logged: logs.map((l) => l.code) };
    } finally {
      latch.configure({ providers: [entra("http://common.localhost")] });
    }
  }

  test("a provider written as a plain object matches its issuer exactly, as in Auth.js: the template is refused at discovery", async () => {
    // The same provider from its factory signs in (the tests above): the relaxation comes with it.
    const plain = { id: "microsoft-entra-id", name: "Entra (plain)", type: "oidc" as const, clientId: "entra", clientSecret: "entra-secret", issuer: "http://common.localhost", wellKnown };
    expect(await startWith(plain)).toEqual({ at: "/auth/error?error=Configuration", logged: ["OAuthSignInError"] });
  });

  test("a template that is not the configured issuer's is refused at discovery", async () => {
    expect(await startWith(entra("http://contoso.localhost"))).toEqual({ at: "/auth/error?error=Configuration", logged: ["OAuthSignInError"] });
  });
});
