/**
 * The MCP example end to end: the official MCP SDK's client (`@modelcontextprotocol/sdk`) meets
 * the server's 401, finds Latch through the protected-resource metadata (RFC 9728) and the
 * authorization server's metadata (RFC 8414), names itself by its client metadata document's URL
 * (or, without one, registers itself: RFC 7591), sends its user through
 * Latch's sign-in and consent (a cookie jar over HTTP here), gets a token for the MCP server's
 * audience with PKCE, and calls a tool that acts for that user.
 */
import type { Server } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { hashPassword } from "@latch/core/passwords";
import { freePort } from "@latch/testing";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createApp } from "../src/app.js";
import { browser, redirectUrl } from "./person.js";
import { documentServer, type DocumentServer } from "../../../packages/oidc-provider/test/documents.js";


/** What an MCP client keeps: its registration, its tokens, its PKCE verifier; the authorization URL it would open. */
class AssistantStore implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  opened: URL | undefined;
  /** The URL of the client's metadata document, if it has one. */
  constructor(readonly clientMetadataUrl?: string) {}
  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "Test Assistant", redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.opened = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let origin: string;
let server: Server;
let app: Awaited<ReturnType<typeof createApp>>;
let documents: DocumentServer;

beforeAll(async () => {
  // The assistant's client metadata document, on its own https origin.
  documents = await documentServer((_req, res, at) => {
    const metadata = { client_id: `${at}/assistant.json`, client_name: "Documented Assistant", redirect_uris: [redirectUrl], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(metadata));
  });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await createApp(origin, undefined, { fetch: documents.fetch });
  server = await new Promise((resolve) => {
    const s = app.app.listen(port, "127.0.0.1", () => resolve(s));
  });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await app?.db.close();
  await documents?.close();
});

test.each([
  { how: "registers", email: "assistant-user@example.test", name: "Test Assistant", metadataUrl: undefined },
  { how: "names itself by its metadata document", email: "documented-user@example.test", name: "Documented Assistant", metadataUrl: "/assistant.json" },
])("an MCP client discovers Latch, $how, signs its user in with consent, and calls a tool for them", async ({ email, name, metadataUrl }) => {
  const user = await app.adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: "Assistant User", image: null });
  await app.adapter.setPassword!({ userId: user.id, hash: await hashPassword("correct horse battery", { memoryCost: 1024, timeCost: 1, parallelism: 1 }), updatedAt: new Date() });

  const store = new AssistantStore(metadataUrl && `${documents.origin}${metadataUrl}`);
  const endpoint = new URL(`${origin}/mcp`);
  // No token: the server answers 401, and the client runs its own discovery and registration.
  await expect(new Client({ name: "assistant", version: "1.0.0" }).connect(new StreamableHTTPClientTransport(endpoint, { authProvider: store }))).rejects.toBeInstanceOf(UnauthorizedError);
  if (metadataUrl) expect(store.info?.client_id).toBe(`${documents.origin}${metadataUrl}`);
  else expect(store.info?.client_id).toMatch(/^[A-Za-z0-9_-]+$/);
  const authorization = store.opened!;
  expect(authorization.origin + authorization.pathname).toBe(`${origin}/auth/oauth2/auth`);
  expect(authorization.searchParams.get("resource")).toBe(`${origin}/mcp`);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");

  // The user, in their browser: Latch's sign-in, then the consent page, then back to the assistant.
  const person = browser();
  const first = await person.follow(authorization);
  expect(first.url.pathname, first.url.href).toBe("/auth/signin");
  const { csrfToken } = (await (await person.go(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  const back = first.url.searchParams.get("callbackUrl")!;
  await person.post(`${origin}/auth/callback/password`, { csrfToken, email, password: "correct horse battery", callbackUrl: back });
  const consent = await person.follow(back);
  const page = await consent.response!.text();
  expect(page).toContain(name);
  expect(page).toContain("Use your notes from an AI assistant");
  const token = /name="csrfToken" value="([^"]+)"/.exec(page)![1]!;
  const allowed = await person.post(`${consent.url.href}/confirm`, { csrfToken: token });
  const landed = await person.follow(new URL(allowed.headers.get("location")!, origin));
  const code = landed.url.searchParams.get("code");
  expect(code).toBeTruthy();

  // The assistant finishes with the code (PKCE, resource) and calls the tool.
  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: store });
  await transport.finishAuth(code!);
  const claims = JSON.parse(Buffer.from(store.saved!.access_token.split(".")[1]!, "base64url").toString()) as { aud: string; sub: string; scope: string };
  expect(claims).toMatchObject({ aud: `${origin}/mcp`, sub: user.id, scope: "notes:read" });
  const client = new Client({ name: "assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: store }));
  const result = (await client.callTool({ name: "whoami", arguments: {} })) as { content: { type: string; text: string }[] };
  expect(result.content[0]!.text).toBe(`You act for ${email}.`);
  await client.close();
}, 60_000);
