/**
 * Client ID Metadata Documents through Latch's mount: off unless turned on; on, a client whose
 * `client_id` is an https URL is known by the document at that URL (fetched once, then cached)
 * and runs the code flow with PKCE through the consent page; a document that names another
 * `client_id`, an http URL, a URL the app's `allow` refuses, a document too large or too slow,
 * an unreachable one and a client that is not a public code-flow client are each refused with
 * `invalid_client`, and nothing is signed in.
 */
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "@latch/testing";
import { startApp, type TestApp } from "./app.js";
import { documentServer, type DocumentServer } from "./documents.js";
import { memberBrowser } from "./flows.js";

const callback = "https://assistant.example.test/callback";

let documents: DocumentServer;
beforeAll(async () => {
  documents = await documentServer((req, res, origin) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const base = { client_id: `${origin}${path}`, client_name: "Metadata Assistant", redirect_uris: [callback], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] };
    const bodies: Record<string, unknown> = {
      "/good.json": base,
      "/blocked.json": base,
      "/mismatch.json": { ...base, client_id: `${origin}/good.json` },
      "/big.json": { ...base, client_name: "B".repeat(3000) },
      "/credentials.json": { ...base, grant_types: ["authorization_code", "client_credentials"] },
    };
    if (path === "/slow.json") return; // never answers
    const body = bodies[path];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" }).end(JSON.stringify(body));
  });
});
afterAll(() => documents?.close());

/** The authorization request of `clientId`, as a browser sends it. */
async function authorize(app: TestApp, clientId: string, browser?: { fetch(url: string | URL): Promise<Response> }) {
  const url = new URL(`${app.origin}/auth/oauth2/auth`);
  url.search = new URLSearchParams({ client_id: clientId, redirect_uri: callback, response_type: "code", scope: "openid", state: "s", code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()), code_challenge_method: "S256" }).toString();
  return browser ? browser.fetch(url) : fetch(url, { redirect: "manual" });
}

async function expectRefused(app: TestApp, clientId: string) {
  const { browser } = await memberBrowser(app);
  const response = await authorize(app, clientId, browser);
  expect(response.status).toBe(400);
  expect(response.headers.get("location")).toBeNull();
  expect(await response.text()).toContain("invalid_client");
}

describe("metadata documents off (the default)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ provider: { clientMetadataDocuments: undefined } });
  });
  afterAll(() => app?.close());

  test("an https client_id is an unknown client, and the metadata does not offer documents", async () => {
    await expectRefused(app, `${documents.origin}/good.json`);
    const metadata = await (await fetch(`${app.origin}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.client_id_metadata_document_supported).toBeUndefined();
  });
});

describe("metadata documents on", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      provider: {
        clientMetadataDocuments: { enabled: true, fetch: documents.fetch, allow: (url) => url.pathname !== "/blocked.json", maxBytes: 2048, timeoutSeconds: 0.5 },
      },
    });
  });
  afterAll(() => app?.close());

  test("the authorization server metadata says so", async () => {
    const metadata = await (await fetch(`${app.origin}/.well-known/oauth-authorization-server`)).json();
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  test("a client known by its document signs a user in (consent page, PKCE); the document is fetched once", async () => {
    const clientId = `${documents.origin}/good.json`;
    const config = await client.discovery(new URL(app.origin), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    for (let round = 0; round < 2; round++) {
      const { browser, user } = await memberBrowser(app);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: "openid", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state: "s" });
      const consent = await browser.follow(url, "https://assistant.example.test/");
      const page = await consent.response.text();
      expect(page).toContain("Metadata Assistant");
      // The name is the document's own word: the page shows where the document is.
      expect(page).toContain(`(<strong class="client-host">${new URL(documents.origin).host}</strong>)`);
      const done = await browser.submit(page.slice(page.lastIndexOf("<form")), consent.url);
      const landed = await browser.follow(new URL(done.headers.get("location")!, app.origin), "https://assistant.example.test/");
      const tokens = await client.authorizationCodeGrant(config, new URL(landed.url), { pkceCodeVerifier: verifier, expectedState: "s" });
      expect(tokens.claims()!.sub).toBe(user.id);
    }
    // Cached: the document's max-age (300 s) is within cacheSeconds.
    expect(documents.hits.get("/good.json")).toBe(1);
  });

  test("a document naming another client_id is refused", async () => {
    await expectRefused(app, `${documents.origin}/mismatch.json`);
  });

  test("an http client_id is not a document URL", async () => {
    await expectRefused(app, `${documents.origin.replace("https:", "http:")}/good.json`);
  });

  test("a URL the app's allow refuses is never fetched", async () => {
    // clientMetadataDocuments.allow, through oidc-provider's allowFetch.
    await expectRefused(app, `${documents.origin}/blocked.json`);
    expect(documents.hits.get("/blocked.json")).toBeUndefined();
  });

  test("a document larger than maxBytes is refused", async () => {
    // maxBytes 2048 here; the document is about 3 KiB (oidc-provider's own limit is 5 KiB).
    await expectRefused(app, `${documents.origin}/big.json`);
  });

  test("a document that does not come within timeoutSeconds is refused, in that time", async () => {
    const started = Date.now();
    await expectRefused(app, `${documents.origin}/slow.json`);
    // timeoutSeconds 0.5 here; oidc-provider's own deadline is 2.5 s.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("an unreachable document is refused", async () => {
    await expectRefused(app, `https://127.0.0.1:${await freePort()}/gone.json`);
  });

  test("a document asking for another grant than the code flow's is refused", async () => {
    // allowClient: a public client of the authorization code and refresh token grants only.
    await expectRefused(app, `${documents.origin}/credentials.json`);
  });
});
