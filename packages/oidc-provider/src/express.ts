/**
 * `@latch/oidc-provider` on Express 4 and 5: the provider's endpoints under `<basePath>/oauth2`
 * and the discovery documents at the origin's `/.well-known/…`.
 *
 * @example
 * ```ts
 * import express from "express"
 * import { ExpressAuth } from "@latch/express"
 * import { OAuthProvider } from "@latch/oidc-provider"
 * import { oauthProvider, wellKnown } from "@latch/oidc-provider/express"
 * import { AccessTokens } from "@latch/core/access-tokens"
 *
 * const authConfig = { secret: process.env.AUTH_SECRET, providers: [], accessTokens: AccessTokens() }
 * const oauth = OAuthProvider({ auth: authConfig, issuer: "https://app.example" })
 * const app = express()
 * app.use(wellKnown(oauth))
 * app.use(oauth.mountPath, oauthProvider(oauth)) // before Latch: /auth/oauth2/…
 * app.use("/auth", ExpressAuth(authConfig))
 * ```
 * @module @latch/oidc-provider/express
 */
import type { NextFunction, Request, Response } from "express";
import type { OAuthProviderServer } from "./index.js";
import { AccessTokenRefused, accessTokenVerifier, bearerToken, refusalHeaders, resourceMetadataUrl, type RequireAccessTokenOptions, type VerifiedAccessToken } from "./resource.js";

export type { RequireAccessTokenOptions, VerifiedAccessToken } from "./resource.js";

/** The Express middleware of the provider: mount it at `server.mountPath` (`/auth/oauth2`), before `ExpressAuth`. */
export function oauthProvider(server: OAuthProviderServer): (req: Request, res: Response, next: NextFunction) => Promise<void> {
  return async (req, res, next) => {
    try {
      await server.handle(req, res);
    } catch (error) {
      next(error);
    }
  };
}

/** The paths {@link wellKnown} serves. */
export const wellKnownPaths = {
  openidConfiguration: "/.well-known/openid-configuration",
  authorizationServer: "/.well-known/oauth-authorization-server",
  protectedResource: "/.well-known/oauth-protected-resource",
} as const;

/**
 * Serves the discovery documents at the origin's root (outside `basePath`): OpenID Connect
 * Discovery's `/.well-known/openid-configuration`, RFC 8414's `/.well-known/oauth-authorization-server`
 * and RFC 9728's `/.well-known/oauth-protected-resource[/<path>]` for the resources of the
 * configuration (`resource` defaults to the origin). Use it with `app.use(wellKnown(server))`.
 */
export function wellKnown(server: OAuthProviderServer, options: { resource?: string } = {}): (req: Request, res: Response, next: NextFunction) => Promise<void> {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      if (req.path === wellKnownPaths.openidConfiguration || req.path === wellKnownPaths.authorizationServer) return await server.discovery(req, res);
      if (req.path === wellKnownPaths.protectedResource || req.path.startsWith(`${wellKnownPaths.protectedResource}/`)) {
        const rest = req.path.slice(wellKnownPaths.protectedResource.length);
        const resource = options.resource ?? `${server.issuer}${rest}`;
        res.set("Cache-Control", "public, max-age=300").set("Access-Control-Allow-Origin", "*").json(server.protectedResourceMetadata(resource));
        return;
      }
    } catch (error) {
      return next(error);
    }
    next();
  };
}

/** The verified token of a request that passed {@link requireAccessToken}, on `res.locals.accessToken`. */
export function accessTokenOf(res: Response): VerifiedAccessToken | undefined {
  return res.locals.accessToken as VerifiedAccessToken | undefined;
}

/**
 * Express middleware of a protected resource: a request without a valid access token for
 * `resource` (signature, issuer, audience, expiry; and not revoked, with `revocation` or
 * `introspection`) is answered 401, one without the scopes 403, with `WWW-Authenticate: Bearer`
 * naming the error and the resource's metadata (RFC 6750, RFC 9728), which is how an MCP client
 * finds the authorization server; 503 when revocation could not be checked. The token is on
 * `res.locals.accessToken`.
 */
export function requireAccessToken(options: RequireAccessTokenOptions): (req: Request, res: Response, next: NextFunction) => Promise<void> {
  const verify = accessTokenVerifier(options);
  const resourceMetadata = options.resourceMetadata ?? resourceMetadataUrl(options.resource);
  return async (req, res, next) => {
    const token = bearerToken(req.get("authorization"));
    try {
      res.locals.accessToken = await verify(token, options.scopes);
    } catch (error) {
      if (!(error instanceof AccessTokenRefused)) return next(error);
      res.status(error.status).set(refusalHeaders(error, { resourceMetadata, scopes: options.scopes, tokenSent: !!token })).json({ error: error.error, error_description: error.message });
      return;
    }
    next();
  };
}
