/**
 * The contract every OAuth 2 / OpenID Connect preset runs: a whole sign-in through Latch's real code
 * (`Auth()` behind Express), from `POST /signin/<id>` to the session. Plain OAuth 2 presets talk to
 * the stand-in of `stand-in.ts` (their real providers cannot run offline), which serves each
 * provider's endpoints as it documents them and refuses what that provider would refuse; OpenID
 * Connect presets run discovery, the code exchange and the ID token checks against the real OpenID
 * Provider of @latch/testing, started under the preset's own issuer. The expectations of each
 * preset are data (`contracts/`); the test is one.
 */
import { customFetch, setEnvDefaults, type AuthConfig } from "@latch/core";
import type { OAuthConfig } from "@latch/core/providers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSigningKey, type OpenIDSigningKey } from "@latch/testing";
import { createBrowser, formPost, logs, postSignIn, session, startLatch, startOpenIDProvider, type LatchServer, type OpenIDProvider } from "../oauth/harness.js";
import { presetSummaries } from "../../scripts/providers-table.js";
import type { PresetContract } from "./contract.js";
import { contracts } from "./contracts/index.js";
import { routingFetch, startStandIn, type StandIn, type StandInHit } from "./stand-in.js";

let latch: LatchServer;
let standIn: StandIn;
// One RSA key signs the ID tokens of every OpenID Provider started here (each under its own issuer).
let signingKey: OpenIDSigningKey;
const ran: string[] = [];

beforeAll(async () => {
  [latch, standIn, signingKey] = await Promise.all([startLatch(), startStandIn(), createSigningKey()]);
});
afterAll(async () => {
  console.log(`provider contract: ${ran.length} presets signed in end to end (${ran.join(", ")})`);
  await Promise.all([latch?.close(), standIn?.close()]);
});

test("every OAuth/OIDC preset module has a contract, and every contract a preset", async () => {
  const presets = (await presetSummaries()).map((p) => p.id);
  expect(presets.length).toBeGreaterThanOrEqual(100);
  expect(Object.keys(contracts).sort()).toEqual(presets);
});

function envPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
}

/** The preset's issuer as its factory sets it with the contract's options and `issuer`. */
function presetIssuer(factory: (o: object) => { issuer?: string }, contract: PresetContract): string {
  const issuer = factory({ ...contract.options, ...(contract.issuer ? { issuer: contract.issuer } : {}) }).issuer;
  if (!issuer) throw new Error("an OIDC preset needs an issuer");
  return issuer;
}

/**
 * The token endpoint's answer: the contract's shape with the issued token in place of the string
 * `{access_token}`, or beside it as `access_token` when the shape does not place it.
 */
function tokenResponse(shape: Record<string, unknown> | undefined, accessToken: string): Record<string, unknown> {
  const text = JSON.stringify(shape ?? { token_type: "bearer", expires_in: 3600 });
  if (text.includes('"{access_token}"')) return JSON.parse(text.replaceAll('"{access_token}"', JSON.stringify(accessToken))) as Record<string, unknown>;
  return { access_token: accessToken, ...(JSON.parse(text) as Record<string, unknown>) };
}

/** Latch's logged errors with their causes, for a failure message. */
function describeLogs(): string {
  return JSON.stringify(logs, (_k, v: unknown) => (v instanceof Error ? { message: v.message, cause: (v as { cause?: unknown }).cause } : v));
}

type SignInMessage = Parameters<NonNullable<NonNullable<AuthConfig["events"]>["signIn"]>>[0];

/** What one contract run saw, for the assertions. */
interface Run {
  /** The answer to `POST /signin/<id>`. */
  start: Response;
  /** Where that answer sent the browser: the authorization request. */
  location: URL;
  /** Where the browser ended. */
  end: URL;
  /** The OpenID Provider's port (oidc). */
  opPort?: number;
  /** Requests the stand-in refused, with the reason. */
  refused: StandInHit[];
  /** `https://host/path` of every request the stand-in received. */
  called: Set<string>;
  signIns: SignInMessage[];
  /** What `GET /auth/session` answers the browser afterwards. */
  session: Awaited<ReturnType<typeof session>>;
}

/**
 * Signs in with preset `id` as its contract describes: the stand-in (or the OpenID Provider) set up
 * for the provider, Latch configured with the preset (plus `extra` options), the browser taken from
 * `POST /signin/<id>` through the provider and back.
 */
async function run(id: string, contract: PresetContract, extra: Record<string, unknown> = {}): Promise<Run> {
  const factory = ((await import(`../../src/providers/${id}.ts`)) as { default: (o: object) => OAuthConfig<any> }).default;
  const clientId = `client-${id}`;
  const clientSecret = `secret-${id}`;
  const callback = `${latch.origin}/auth/callback/${id}`;
  const clientAuth = contract.clientAuth ?? "client_secret_basic";
  let op: OpenIDProvider | undefined;
  try {
    if (contract.type === "oidc") {
      op = await startOpenIDProvider({
        issuer: contract.opIssuer ?? presetIssuer(factory, contract),
        port: 0,
        accounts: [contract.account],
        scopeClaims: contract.scopeClaims,
        signingKey,
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [callback], token_endpoint_auth_method: clientAuth, ...contract.client }],
      });
      standIn.serve({ clientId, clientSecret, authorization: "", token: "", clientAuth, tokenResponse: () => ({}), api: contract.api ?? {} });
    } else {
      standIn.serve({
        clientId,
        clientSecret,
        authorization: contract.authorization,
        token: contract.token,
        clientAuth,
        tokenResponse: (accessToken) => tokenResponse(contract.tokenResponse, accessToken),
        api: { ...contract.api },
      });
    }
    const route = routingFetch(standIn.origin, op && { issuer: op.issuer, origin: `http://127.0.0.1:${op.port}` });
    const signIns: SignInMessage[] = [];
    const config: AuthConfig = {
      providers: [factory({ clientId, clientSecret, [customFetch]: route, ...contract.options, ...extra })],
      events: { signIn: (message) => void signIns.push(message) },
    };
    // A tenant, region or self-hosted URL comes from the environment, as in a deployment.
    if (contract.issuer) setEnvDefaults({ [`${envPrefix(id)}_ISSUER`]: contract.issuer }, config);
    logs.length = 0;
    latch.configure(config);

    const browser = createBrowser({ fetch: route });
    const start = await postSignIn(browser, latch.origin, id);
    const location = new URL(start.headers.get("location") ?? "", latch.origin);
    // The provider signs the user in and sends the browser back; Latch exchanges the code and reads the profile.
    let result = await browser.follow(location);
    const form = result.url.origin === latch.origin ? null : formPost(await result.response.clone().text().catch(() => ""));
    if (form) result = await browser.follow(form.action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.body });
    const called = new Set(standIn.hits.map((h) => `${new URL(h.url).origin}${new URL(h.url).pathname}`));
    const current = await session(browser, latch.origin);
    return { start, location, end: result.url, opPort: op?.port, refused: standIn.hits.filter((h) => h.refused), called, signIns, session: current };
  } finally {
    await op?.close();
  }
}

describe("provider contract", { timeout: 60_000 }, () => {
  test.each(Object.entries(contracts))("%s signs in end to end", async (id, contract) => {
    const { start, location, end, opPort, refused, called, signIns, session: current } = await run(id, contract);
    expect(start.status, describeLogs()).toBe(302);

    // The authorization request: the documented endpoint and parameters, and the checks.
    if (contract.type === "oauth") expect(`${location.origin}${location.pathname}`).toBe(contract.authorization);
    else expect(location.origin, `${location.href} ${describeLogs()}`).toBe(`http://127.0.0.1:${opPort}`);
    const q = location.searchParams;
    expect(q.get("client_id")).toBe(`client-${id}`);
    expect(q.get("redirect_uri")).toBe(`${latch.origin}/auth/callback/${id}`);
    expect(q.get("response_type")).toBe("code");
    for (const [key, value] of Object.entries(contract.params ?? {})) expect(q.get(key), `authorization parameter ${key}`).toBe(value);
    const checks = contract.checks ?? (contract.type === "oidc" ? ["pkce", "state", "nonce"] : ["pkce", "state"]);
    expect(q.has("code_challenge"), "PKCE").toBe(checks.includes("pkce"));
    expect(q.has("state"), "state").toBe(checks.includes("state"));
    expect(q.has("nonce"), "nonce").toBe(checks.includes("nonce"));

    // The provider accepted every request (client authentication, code, verifier, token placement).
    expect(refused, "requests the stand-in refused").toEqual([]);
    expect(end.href, describeLogs()).toBe(`${latch.origin}/dashboard`);

    // Every API the contract names was called: the preset follows the provider's documented calls.
    for (const url of Object.keys(contract.api ?? {})) {
      const prefix = url.endsWith("{token}") ? url.slice(0, -"{token}".length) : null;
      expect(prefix ? [...called].some((c) => c.startsWith(prefix)) : called.has(url), `${url} was called`).toBe(true);
    }
    if (contract.type === "oauth") expect(called.has(contract.token), "token endpoint called").toBe(true);

    // The profile mapping: the account's provider id and the user Latch stores.
    expect(signIns).toHaveLength(1);
    const [{ user, account }] = signIns as [SignInMessage];
    expect(account?.providerAccountId).toBe(contract.user.id);
    expect(account?.provider).toBe(id);
    expect({ name: user.name ?? null, email: user.email ?? null, image: user.image ?? null }).toEqual({
      name: contract.user.name,
      email: contract.user.email?.toLowerCase() ?? null,
      image: contract.user.image,
    });
    // And the browser holds the session of that user.
    expect({ name: current?.user?.name ?? null, email: current?.user?.email ?? null }).toEqual({ name: contract.user.name, email: contract.user.email?.toLowerCase() ?? null });
    ran.push(id);
  });
});

describe("the stand-in refuses what the provider refuses, so a wrong preset fails its contract", { timeout: 60_000 }, () => {
  test("client authentication other than the provider's: the token request is refused, no one signs in", async () => {
    const { end, refused, signIns, session: current } = await run("github", contracts.github!, { client: { token_endpoint_auth_method: "client_secret_post" } });
    expect(refused.map((h) => h.refused)).toEqual(["expected client_secret_basic"]);
    expect(end.searchParams.get("error")).toBe("OAuthCallbackError");
    expect(signIns).toEqual([]);
    expect(current).toBeNull();
  });

  test("an access token sent where the provider does not read it: the profile call is refused", async () => {
    // Baidu reads the token from the query; a plain bearer GET is refused as the real API would.
    const { end, refused, signIns } = await run("baidu", contracts.baidu!, { userinfo: { url: "https://openapi.baidu.com/rest/2.0/passport/users/getInfo", request: undefined } });
    expect(refused.map((h) => new URL(h.url).pathname)).toEqual(["/rest/2.0/passport/users/getInfo"]);
    expect(end.searchParams.get("error")).toBe("OAuthCallbackError");
    expect(signIns).toEqual([]);
  });
});
