/**
 * A stand-in authorization server on 127.0.0.1, for the answers the real OpenID Provider of
 * @latch/testing never gives: a `{tenantid}` issuer template, discovery without
 * `authorization_response_iss_parameter_supported`, unsecured (`alg: none`) ID tokens, HS256 ID
 * tokens to a client without a secret, and token responses that are not JSON, lack the ID token,
 * carry one in an error or come with an unexpected status. It runs no authorization step: its
 * token endpoint takes any code and gives what the test set. Everything Latch does with these
 * answers is real.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

/** What the token endpoint answers. */
export interface TokenAnswer {
  status?: number;
  /** An object is sent as JSON; a string as it is, under `contentType`. */
  body: unknown;
  contentType?: string;
}

/** One issuer the stand-in serves: its discovery document, JWKS and token endpoint. */
export interface StandInIssuer {
  /** The issuer identifier the discovery document publishes. */
  issuer: string;
  wellKnown: string;
  tokenEndpoint: string;
  /** How many times its JWKS was fetched. */
  jwksHits: number;
  /** What its token endpoint answers next (and after, until set again). */
  answer: (form: URLSearchParams) => TokenAnswer | Promise<TokenAnswer>;
}

export interface StandIn {
  origin: string;
  /**
   * Serves an issuer under `/<name>`. `issuer` defaults to `<origin>/<name>`; `metadata` is added
   * to (or replaces fields of) its discovery document.
   */
  serve(name: string, options?: { issuer?: string; metadata?: Record<string, unknown> }): StandInIssuer;
  /** An ID token: `RS256` with the key the JWKS publishes, `HS256` with `secret`, or unsecured. */
  idToken(claims: JWTPayload, alg?: "RS256" | "HS256" | "none", secret?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "stand-in", alg: "RS256", use: "sig" };
  const issuers = new Map<string, StandInIssuer & { document: Record<string, unknown> }>();

  const server: Server = createServer((req, res) => {
    void answer(req).then(({ status, type, body }) => {
      res.statusCode = status;
      res.setHeader("content-type", type);
      res.end(body);
    });
  });
  async function answer(req: IncomingMessage): Promise<{ status: number; type: string; body: string }> {
    const json = (value: unknown, status = 200) => ({ status, type: "application/json", body: JSON.stringify(value) });
    const [, name = "", ...rest] = (req.url ?? "/").split("?")[0]!.split("/");
    const served = issuers.get(name);
    if (!served) return json({ error: "not_found" }, 404);
    const path = rest.join("/");
    if (path === ".well-known/openid-configuration") return json(served.document);
    if (path === "jwks") {
      served.jwksHits++;
      return json({ keys: [jwk] });
    }
    if (path === "token" && req.method === "POST") {
      let text = "";
      for await (const chunk of req) text += String(chunk);
      const given = await served.answer(new URLSearchParams(text));
      if (typeof given.body === "string") return { status: given.status ?? 200, type: given.contentType ?? "text/plain", body: given.body };
      return json(given.body, given.status ?? 200);
    }
    return json({ error: "not_found" }, 404);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    serve(name, options = {}) {
      const base = `${origin}/${name}`;
      const issuer = options.issuer ?? base;
      const document = {
        issuer,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256", "HS256", "none"],
        ...options.metadata,
      };
      const served = {
        issuer,
        wellKnown: `${base}/.well-known/openid-configuration`,
        tokenEndpoint: `${base}/token`,
        jwksHits: 0,
        answer: (): TokenAnswer => ({ status: 400, body: { error: "invalid_grant" } }),
        document,
      };
      issuers.set(name, served);
      return served;
    },
    async idToken(claims, alg = "RS256", secret) {
      if (alg === "none") {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
        return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
      }
      const jwt = new SignJWT(claims).setProtectedHeader({ alg, ...(alg === "RS256" ? { kid: "stand-in" } : {}) });
      return jwt.sign(alg === "RS256" ? privateKey : new TextEncoder().encode(secret));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
