/**
 * An MCP server whose tools act for the app's users. Latch signs them in (passwords here) and is
 * the MCP server's OAuth 2.1 authorization server through @latch/oidc-provider: an MCP client that
 * meets the server's 401 reads its protected-resource metadata, finds Latch, names itself by the
 * URL of its client metadata document (or, if it has none, registers itself), and sends its user through sign-in and consent, then calls the tools with an access token for
 * this server (its audience).
 */
import { PGlite } from "@electric-sql/pglite";
import express from "express";
import type { AuthConfig } from "@latch/core";
import { AccessTokens } from "@latch/core/access-tokens";
import Password from "@latch/core/providers/password";
import { ExpressAuth } from "@latch/express";
import { OAuthProvider, type OAuthClientMetadataDocuments, type OAuthResource } from "@latch/oidc-provider";
import { accessTokenOf, oauthProvider, requireAccessToken, wellKnown } from "@latch/oidc-provider/express";
import { pgStorage } from "@latch/oidc-provider/pg";
import { PostgresAdapter, migrate } from "@latch/pg";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/** What the tools read: the adapter, for the user behind a token. */
function mcpServer(config: AuthConfig, userId: string): McpServer {
  const server = new McpServer({ name: "latch-notes", version: "0.1.0" });
  server.registerTool("whoami", { description: "Who the MCP client acts for." }, async () => {
    const user = await config.adapter?.getUser?.(userId);
    return { content: [{ type: "text", text: `You act for ${user?.email ?? userId}.` }] };
  });
  return server;
}

/** Loopback addresses (a desktop client's callback) and https, as the registration rule. */
const registrable = (uri: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(uri) || uri.startsWith("https://");

/** What else the app may be given: other resources of the same Latch, and the lifetime of the MCP server's tokens. */
export interface AppOptions {
  /** Other resources (another API or MCP server of the app) Latch issues tokens for: this server refuses theirs. */
  readonly otherResources?: Readonly<Record<string, OAuthResource>>;
  /** Lifetime in seconds of the access tokens for this MCP server. Default 900. */
  readonly accessTokenLifetime?: number;
}

/** The app at `origin` on a database (PGlite in memory by default); `documents` adds to the client metadata documents' settings (a test's `fetch`). */
export async function createApp(origin: string, db: PGlite = new PGlite(), documents: Partial<OAuthClientMetadataDocuments> = {}, options: AppOptions = {}) {
  await migrate(db);
  const adapter = PostgresAdapter(db);
  const authConfig: AuthConfig = {
    secret: process.env.AUTH_SECRET ?? "example-mcp-secret-change-me-0123456789abcdef",
    trustHost: true,
    adapter,
    providers: [Password()],
    accessTokens: AccessTokens({ algorithm: "ES256" }),
  };
  const resource = `${origin}/mcp`;
  const oauth = OAuthProvider({
    auth: authConfig,
    issuer: origin,
    storage: pgStorage(db),
    resources: { ...options.otherResources, [resource]: { scopes: { "notes:read": "Use your notes from an AI assistant" }, ...(options.accessTokenLifetime && { accessTokenLifetime: options.accessTokenLifetime }) } },
    // Clients named by their metadata document's URL, as MCP prefers; registration for the others.
    clientMetadataDocuments: { enabled: true, ...documents },
    registration: { enabled: true, redirectUris: registrable, rateLimit: { max: 20, windowSeconds: 3600 } },
  });

  const app = express();
  app.use(wellKnown(oauth));
  app.use(oauth.mountPath, oauthProvider(oauth));
  app.use("/auth", ExpressAuth(authConfig));
  // The MCP endpoint: stateless Streamable HTTP, every request with its access token, which must
  // still be live in the provider's storage (not revoked, nor its grant): one read per request.
  app.post("/mcp", requireAccessToken({ issuer: origin, resource, scopes: ["notes:read"], revocation: { store: oauth } }), express.json(), async (req, res) => {
    const token = accessTokenOf(res)!;
    const server = mcpServer(authConfig, token.subject);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    const auth = { token: req.get("authorization")!.slice(7), clientId: token.clientId, scopes: [...token.scopes], expiresAt: token.expiresAt };
    await transport.handleRequest(Object.assign(req, { auth }), res, req.body);
  });
  return { app, authConfig, adapter, db, oauth };
}
