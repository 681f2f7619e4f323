/**
 * The checks of a protected API served by an example app (its own server, its own build) with
 * tokens of the suites' authorization server ({@link startIssuerFor}): the refusals of RFC 6750
 * with the RFC 9728 challenge, a good token, and the resource's metadata. Shared by the examples'
 * suites, each running them against its started app.
 */
import { expect } from "vitest";
import { elsewhereResource, serviceToken, type TestApp } from "./app.js";

/** One check, run by the suite as a test of its own. */
export interface ResourceStep {
  readonly name: string;
  run(): Promise<void>;
}

/** What the checks need: the example's origin (its resource indicator), the API's path, the issuer. */
export interface ResourceSite {
  readonly origin: string;
  readonly path: string;
  readonly issuer: TestApp;
}

/** The checks of the API at `site().origin + site().path`, read when they run (the suite starts the apps in `beforeAll`). */
export function protectedResourceSteps(site: () => ResourceSite): ResourceStep[] {
  const get = (token?: string) => fetch(`${site().origin}${site().path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const challenge = () => `Bearer resource_metadata="${site().origin}/.well-known/oauth-protected-resource"`;
  return [
    {
      name: "the API without a token: 401 with the challenge naming the resource's metadata, and no error",
      async run() {
        const response = await get();
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toBe(challenge());
        expect(response.headers.get("cache-control")).toBe("no-store");
      },
    },
    {
      name: "the resource's metadata names the issuer, as the challenge says",
      async run() {
        const response = await fetch(`${site().origin}/.well-known/oauth-protected-resource`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ resource: site().origin, authorization_servers: [site().issuer.origin], bearer_methods_supported: ["header"], scopes_supported: ["notes:read"] });
      },
    },
    {
      name: "a token of the issuer for this site with notes:read: 200, for the token's subject",
      async run() {
        const response = await get(await serviceToken(site().issuer, site().origin, "notes:read"));
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ subject: "service", scopes: ["notes:read"] });
      },
    },
    {
      name: "a token for this site without notes:read: 403 insufficient_scope naming the scope",
      async run() {
        const response = await get(await serviceToken(site().issuer, site().origin, "notes:write"));
        expect(response.status).toBe(403);
        expect(response.headers.get("www-authenticate")).toBe(`${challenge()}, error="insufficient_scope", error_description="The access token lacks the scope notes:read.", scope="notes:read"`);
        expect(await response.json()).toMatchObject({ error: "insufficient_scope" });
      },
    },
    {
      name: "a token of the issuer for another resource: 401 invalid_token",
      async run() {
        const response = await get(await serviceToken(site().issuer, elsewhereResource, "notes:read"));
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toMatch(new RegExp(`^${challenge().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}, error="invalid_token", error_description="[^"]+"$`));
        expect(await response.json()).toMatchObject({ error: "invalid_token" });
      },
    },
  ];
}
