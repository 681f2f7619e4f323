/**
 * The guards of `@latch/oidc-provider/resource` for web route handlers (a Next.js route handler,
 * a SvelteKit endpoint or hook), given web `Request`s carrying real tokens of the suites' provider:
 * no token is answered 401 with the RFC 9728 challenge, a token for another resource 401
 * `invalid_token`, one without the scope 403 `insufficient_scope`, and a good one reaches the handler;
 * a revoked one is refused by the guards that ask the storage or the introspection endpoint.
 */
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accessTokenGuard, withAccessToken, withAccessTokenEvent, type VerifiedAccessToken } from "../src/resource.js";
import { resource, serviceSecret, shortResource, startApp, type TestApp } from "./app.js";

let app: TestApp;
let notesToken: string;
let otherToken: string;
const challenge = `Bearer resource_metadata="https://api.example.test/.well-known/oauth-protected-resource"`;

async function serviceToken(as: oauth.AuthorizationServer, indicator: string, scope?: string): Promise<string> {
  const service = { client_id: "service" };
  const response = await oauth.clientCredentialsGrantRequest(as, service, oauth.ClientSecretBasic("service-secret-0123456789abcdef0123456789"), new URLSearchParams({ resource: indicator, ...(scope && { scope }) }), { [oauth.allowInsecureRequests]: true });
  return (await oauth.processClientCredentialsResponse(as, service, response)).access_token;
}

beforeAll(async () => {
  app = await startApp();
  const issuer = new URL(app.origin);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true }));
  notesToken = await serviceToken(as, resource, "notes:read");
  otherToken = await serviceToken(as, shortResource, "short:read");
});
afterAll(() => app?.close());

const request = (token?: string) => new Request("https://api.example.test/notes", { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("withAccessToken (a Next.js route handler)", () => {
  const options = () => ({ issuer: app.origin, resource, scopes: ["notes:read"] });
  const route = () =>
    withAccessToken(options(), async (_request, token: VerifiedAccessToken, context: { params: Promise<{ id: string }> }) => Response.json({ subject: token.subject, id: (await context.params).id }));
  const context = { params: Promise.resolve({ id: "n1" }) };

  test("a good token reaches the handler, with the route's context", async () => {
    const response = await route()(request(notesToken), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ subject: "service", id: "n1" });
  });

  test("no token: 401 naming the resource's metadata, and no error (RFC 6750 §3.1)", async () => {
    const response = await route()(request(), context);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(challenge);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("a token for another resource: 401 invalid_token", async () => {
    const response = await route()(request(otherToken), context);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(new RegExp(`^${challenge}, error="invalid_token", error_description="[^"]+"$`));
    expect(await response.json()).toMatchObject({ error: "invalid_token" });
  });

  test("a malformed Authorization header is no token", async () => {
    const response = await route()(new Request("https://api.example.test/notes", { headers: { authorization: `Bearer ${notesToken} extra` } }), context);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(challenge);
  });

  test("a token without the scope: 403 insufficient_scope naming the scope", async () => {
    const response = await withAccessToken({ issuer: app.origin, resource, scopes: ["notes:write"] }, () => new Response("written"))(request(notesToken));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain(`error="insufficient_scope"`);
    expect(response.headers.get("www-authenticate")).toContain(`scope="notes:write"`);
    expect(await response.json()).toMatchObject({ error: "insufficient_scope" });
  });
});

describe("withAccessTokenEvent (a SvelteKit endpoint) and accessTokenGuard (a hook)", () => {
  test("an endpoint runs with the token, or answers the refusal", async () => {
    const endpoint = withAccessTokenEvent({ issuer: app.origin, resource, scopes: ["notes:read"], resourceMetadata: "https://api.example.test/.well-known/oauth-protected-resource/notes" }, (event: { request: Request; locals: object }, token) =>
      Response.json({ subject: token.subject, scopes: token.scopes }),
    );
    const good = await endpoint({ request: request(notesToken), locals: {} });
    expect(await good.json()).toEqual({ subject: "service", scopes: ["notes:read"] });
    const refused = await endpoint({ request: request(), locals: {} });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="https://api.example.test/.well-known/oauth-protected-resource/notes"`);
  });

  test("a hook puts the token on locals, or answers the refusal", async () => {
    const guard = accessTokenGuard({ issuer: app.origin, resource });
    const handle = async ({ event, resolve }: { event: { request: Request; locals: { accessToken?: VerifiedAccessToken } }; resolve: (event: { locals: { accessToken?: VerifiedAccessToken } }) => Response }) => {
      const token = await guard(event.request);
      if (token instanceof Response) return token;
      event.locals.accessToken = token;
      return resolve(event);
    };
    const resolve = (event: { locals: { accessToken?: VerifiedAccessToken } }) => new Response(event.locals.accessToken!.clientId);
    expect(await (await handle({ event: { request: request(notesToken), locals: {} }, resolve })).text()).toBe("service");
    expect((await handle({ event: { request: request(otherToken), locals: {} }, resolve })).status).toBe(401);
  });
});

describe("a revoked client-credentials token, at the web guards", () => {
  test("taken, then revoked by its client (RFC 7009): withAccessToken asking the storage and withAccessTokenEvent asking introspection refuse it with 401 invalid_token", async () => {
    const issuer = new URL(app.origin);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true }));
    const token = await serviceToken(as, resource, "notes:read");
    const stored = withAccessToken({ issuer: app.origin, resource, scopes: ["notes:read"], revocation: { store: app.oauth } }, (_request, verified) => Response.json({ subject: verified.subject }));
    const introspected = withAccessTokenEvent({ issuer: app.origin, resource, introspection: { clientId: "service", clientSecret: serviceSecret } }, (_event: { request: Request }, verified) => Response.json({ subject: verified.subject }));
    expect((await stored(request(token))).status).toBe(200);
    expect((await introspected({ request: request(token) })).status).toBe(200);

    const revoked = await oauth.revocationRequest(as, { client_id: "service" }, oauth.ClientSecretBasic(serviceSecret), token, { [oauth.allowInsecureRequests]: true });
    expect(revoked.status).toBe(200);
    for (const response of [await stored(request(token)), await introspected({ request: request(token) })]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(`${challenge}, error="invalid_token", error_description="The access token was revoked."`);
    }
    // The guard without a check takes it until it expires.
    expect((await withAccessToken({ issuer: app.origin, resource }, () => new Response("taken"))(request(token))).status).toBe(200);
  });
});

test("with a revocation check, a token past its exp but within the clock tolerance is refused as expired (the provider has dropped its record)", async () => {
  const issuer = new URL(app.origin);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { [oauth.allowInsecureRequests]: true }));
  const token = await serviceToken(as, shortResource, "short:read");
  const route = withAccessToken({ issuer: app.origin, resource: shortResource, revocation: { store: app.oauth } }, () => new Response("taken"));
  const { exp } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number };
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 + 200 - Date.now())));
  const response = await route(request(token));
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ error: "invalid_token", error_description: "The access token has expired." });
});
