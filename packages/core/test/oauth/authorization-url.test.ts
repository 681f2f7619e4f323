/**
 * The authorization URL of providers whose configured authorization URL already carries query
 * parameters (VK puts `response_type=code` and its API version `v` there): each standard
 * parameter appears exactly once, with Latch's value, and the provider's own parameters are kept.
 * Nothing is fetched: these providers name their endpoints, so the sign-in redirect is all we read.
 */
import VK from "@latch/core/providers/vk";
import type { Provider } from "@latch/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createBrowser, postSignIn, startLatch, type LatchServer } from "./harness.js";

let latch: LatchServer;

const stale: Provider = {
  id: "stale",
  name: "Stale",
  type: "oauth",
  authorization: "https://provider.example/authorize?response_type=token&client_id=old&redirect_uri=https%3A%2F%2Fold.example%2Fcb&scope=old&tenant=acme",
  token: "https://provider.example/token",
  userinfo: "https://provider.example/me",
  clientId: "stale-client",
  clientSecret: "s",
} as Provider;

beforeAll(async () => {
  latch = await startLatch();
  latch.configure({ providers: [VK({ clientId: "vk-app", clientSecret: "vk-secret" }), stale] });
});

afterAll(() => latch?.close());

/** The authorization URL Latch redirects the browser to. */
async function authorizationUrl(providerId: string, query?: Record<string, string>): Promise<URL> {
  const response = await postSignIn(createBrowser(), latch.origin, providerId, query ? { query } : {});
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** Every parameter name with how many times it occurs. */
function counts(url: URL): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const key of url.searchParams.keys()) seen[key] = (seen[key] ?? 0) + 1;
  return seen;
}

describe("an authorization URL with its own query", () => {
  test("VK: every parameter once, v=5.126 kept", async () => {
    const url = await authorizationUrl("vk");
    expect(`${url.origin}${url.pathname}`).toBe("https://oauth.vk.com/authorize");
    expect(Object.values(counts(url)).every((n) => n === 1)).toBe(true);
    expect(Object.keys(counts(url)).sort()).toEqual(["client_id", "redirect_uri", "response_type", "scope", "state", "v"]);
    const params = url.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("vk-app");
    expect(params.get("redirect_uri")).toBe(`${latch.origin}/auth/callback/vk`);
    expect(params.get("scope")).toBe("email");
    expect(params.get("v")).toBe("5.126");
  });

  test("VK: authorization parameters of the sign-in request replace, never duplicate", async () => {
    const url = await authorizationUrl("vk", { scope: "email offline", display: "popup" });
    expect(Object.values(counts(url)).every((n) => n === 1)).toBe(true);
    expect(url.searchParams.get("scope")).toBe("email offline");
    expect(url.searchParams.get("display")).toBe("popup");
    expect(url.searchParams.get("v")).toBe("5.126");
  });

  test("response_type, client_id, redirect_uri and scope in the configured URL are replaced; other parameters kept", async () => {
    const url = await authorizationUrl("stale");
    expect(Object.values(counts(url)).every((n) => n === 1)).toBe(true);
    const params = url.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("stale-client");
    expect(params.get("redirect_uri")).toBe(`${latch.origin}/auth/callback/stale`);
    expect(params.get("tenant")).toBe("acme");
    expect(params.getAll("code_challenge_method")).toEqual(["S256"]);
    // The configured URL's own scope stays: Latch sets no default scope for plain OAuth 2.
    expect(params.get("scope")).toBe("old");
  });
});
