/**
 * The demo's own OpenID Provider, so that "Sign in with Demo OpenID" works offline: a real
 * `oidc-provider` on a loopback port with one account, which signs in and consents by itself.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Provider } from "@latch/core";
import { importProvider } from "@latch/testing";
import type { Adapter, AdapterPayload, Configuration, InteractionResults } from "oidc-provider";

/** The one end-user of the demo provider. */
export const demoOidcAccount = {
  sub: "demo-openid-user",
  email: "openid-user@latch.test",
  email_verified: true,
  name: "Demo OpenID User",
  picture: null,
} as const;

/** Options of {@link startDemoOpenIDProvider}. */
export interface DemoOpenIDProviderOptions {
  /** Latch's callback URL for the demo provider, registered as the client's only redirect URI. */
  redirectUri: string;
  /** Port on 127.0.0.1; default 3001. */
  port?: number;
}

/** A running demo provider. */
export interface DemoOpenIDProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** In-memory storage for oidc-provider's short-lived records (codes, sessions, interactions, tokens). */
function memoryAdapter(): (name: string) => Adapter {
  const records = new Map<string, { payload: AdapterPayload; until: number }>();
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    const live = (id: string) => {
      const hit = records.get(key(id));
      if (hit && hit.until < Date.now()) records.delete(key(id));
      return hit && hit.until >= Date.now() ? hit.payload : undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        records.set(key(id), { payload, until: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (payload.uid) records.set(`${model}:uid:${payload.uid}`, { payload, until: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id) {
        return live(id);
      },
      async findByUid(uid) {
        return live(`uid:${uid}`);
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = live(id);
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        records.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [name, record] of records) if (record.payload.grantId === grantId) records.delete(name);
      },
    };
  };
}

/**
 * Starts the demo provider at `http://127.0.0.1:<port>` (port 0: any free one) with one confidential client
 * (`client_secret_basic`) for Latch.
 *
 * @example
 * ```ts
 * const op = await startDemoOpenIDProvider({ redirectUri: "http://localhost:3000/auth/callback/demo-oidc" })
 * // op.issuer → "http://127.0.0.1:3001"
 * ```
 */
export async function startDemoOpenIDProvider(options: DemoOpenIDProviderOptions): Promise<DemoOpenIDProvider> {
  // Listen first, so that port 0 (any free port, for tests) gives the issuer its real port.
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3001, "127.0.0.1", () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "latch-demo";
  const clientSecret = randomBytes(24).toString("base64url");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: "demo", alg: "RS256", use: "sig" };

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri], response_types: ["code"], grant_types: ["authorization_code"] }],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    findAccount: (_ctx, sub) => (sub === demoOidcAccount.sub ? { accountId: sub, claims: () => ({ ...demoOidcAccount }) } : undefined),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  };
  // Loaded without its notice about Node.js versions older than 22, on which it runs fine.
  const { default: OidcProvider } = await importProvider(false);
  const provider = new OidcProvider(issuer, configuration);

  // The end-user signs in as the demo account and grants what Latch asks for, without a form.
  provider.use(async (ctx, next) => {
    if (ctx.method !== "GET" || !ctx.path.startsWith("/interaction/")) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result: InteractionResults;
    if (details.prompt.name === "login") {
      result = { login: { accountId: demoOidcAccount.sub } };
    } else {
      const grant = new provider.Grant({ accountId: demoOidcAccount.sub, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      result = { consent: { grantId: await grant.save() } };
    }
    const to = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
    ctx.status = 303;
    ctx.redirect(to);
  });

  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** What the demo's Latch configuration needs to know about the running demo provider. */
export type DemoOidcClient = Pick<DemoOpenIDProvider, "issuer" | "clientId" | "clientSecret">;

/** The id of the demo provider in Latch: its callback is `<origin>/auth/callback/demo-oidc`. */
export const demoOidcProviderId = "demo-oidc";

/** The Latch provider entry "Demo OpenID" for the running demo provider (discovery from its issuer). */
export function demoOidcProvider(client: DemoOidcClient): Provider {
  return {
    id: demoOidcProviderId,
    name: "Demo OpenID",
    type: "oidc",
    issuer: client.issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    // oidc-provider keeps profile claims out of the ID token when an access token can fetch them,
    // so the profile comes from the userinfo endpoint (its `sub` checked against the ID token's).
    idToken: false,
    style: { bg: "#4b3f72", text: "#ffffff" },
  };
}
