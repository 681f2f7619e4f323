// The `fetch` passed to `userinfo.request` below is a stand-in for VK's API (api.vk.com), which
// cannot be reached offline: it answers the way VK documents `users.get`, once as a plain function
// and once as a tiny HTTP server on 127.0.0.1 that the injected fetch sends api.vk.com requests to.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, test } from "vitest";
import type { EndpointConfig, TokenEndpointConfig, UserinfoEndpointConfig } from "./types.js";
import VK, { type VkProfile } from "./vk.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

const sample: VkProfile = {
  id: 210700286,
  first_name: "Lindsey",
  last_name: "Stirling",
  is_closed: false,
  can_access_closed: true,
  photo_100: "https://sun9-1.userapi.com/impf/c836333/v836333553/5b138/2eWBOuj5A4g.jpg?size=100x100",
  screen_name: "lindseystirling",
  sex: 1,
  bdate: "21.9.1986",
  city: { id: 5331, title: "Los Angeles" },
  country: { id: 9, title: "United States" },
  last_seen: { platform: 7, time: 1718035200 },
  occupation: { id: 1, name: "Violinist", type: "work" },
  relatives: [{ id: 1, type: "sibling" }, { name: "Brooke", type: "sibling" }],
  verified: 1,
  friend_status: 0,
  relation: 0,
  wall_default: "owner",
  first_name_gen: "Линдси",
};

const tokens = { access_token: "vk-access", token_type: "bearer" as const, expires_in: 86400, user_id: 210700286, email: "lindsey@example.com" };

describe("VK", () => {
  test("is an OAuth 2 provider with id vk", () => {
    const provider = VK({ clientId: "app", clientSecret: "secret" });
    expect(provider).toMatchObject({ id: "vk", name: "VK", type: "oauth", checks: ["state"] });
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("email");
  });

  test("every URL carries v=5.126 by default", () => {
    const provider = VK({});
    const authorization = urlOf(provider.authorization);
    expect(authorization.origin + authorization.pathname).toBe("https://oauth.vk.com/authorize");
    expect(authorization.searchParams.get("v")).toBe("5.126");
    expect(authorization.searchParams.get("response_type")).toBe("code");
    const token = urlOf(provider.token);
    expect(token.origin + token.pathname).toBe("https://oauth.vk.com/access_token");
    expect(token.searchParams.get("v")).toBe("5.126");
    const requestToken = urlOf(provider.requestTokenUrl);
    expect(requestToken.searchParams.get("v")).toBe("5.126");
    const userinfo = urlOf(provider.userinfo);
    expect(userinfo.origin + userinfo.pathname).toBe("https://api.vk.com/method/users.get");
    expect(userinfo.searchParams.get("v")).toBe("5.126");
    expect(userinfo.searchParams.get("fields")).toBe("photo_100");
  });

  test("apiVersion selects another version on every URL", () => {
    const provider = VK({ apiVersion: "5.199" });
    for (const endpoint of [provider.authorization, provider.token, provider.requestTokenUrl, provider.userinfo]) {
      expect(urlOf(endpoint).searchParams.get("v")).toBe("5.199");
    }
    expect(urlOf(provider.authorization).searchParams.get("response_type")).toBe("code");
    expect(urlOf(provider.userinfo).searchParams.get("fields")).toBe("photo_100");
  });

  test("keeps the options object as given", () => {
    const options = Object.freeze({ clientId: "app", apiVersion: "5.131", authorization: { params: { scope: "email offline" } } });
    const copy = structuredClone(options);
    const provider = VK(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps a users.get user and the token's email", async () => {
    const provider = VK({});
    expect(await provider.profile!(sample, tokens)).toEqual({
      id: "210700286",
      name: "Lindsey Stirling",
      email: "lindsey@example.com",
      image: sample.photo_100,
    });
    // A userinfo URL given as a plain string bypasses `request`; the envelope is still understood.
    const enveloped = { response: [sample] } as unknown as VkProfile;
    expect((await provider.profile!(enveloped, { ...tokens, email: undefined })).email).toBeNull();
  });

  test("userinfo.request unwraps { response: [user] } and adds the email", async () => {
    const provider = VK({ apiVersion: "5.199" });
    const api = fakeProvider({ "/method/users.get": { response: [sample] } });
    const request = (provider.userinfo as UserinfoEndpointConfig<VkProfile>).request!;
    const profile = await request({ tokens, provider: { ...provider, fetch: api.fetch } });
    expect(profile).toEqual({ ...sample, email: "lindsey@example.com" });
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]!.url.searchParams.get("v")).toBe("5.199");
    expect(api.seen[0]!.headers.get("authorization")).toBe("Bearer vk-access");
  });

  test("userinfo.request refuses an error answer", async () => {
    const provider = VK({});
    const api = fakeProvider({ "/method/users.get": { error: { error_code: 5, error_msg: "User authorization failed" } } });
    const request = (provider.userinfo as UserinfoEndpointConfig<VkProfile>).request!;
    await expect(request({ tokens, provider: { ...provider, fetch: api.fetch } })).rejects.toThrow(/error 5/);
  });

  test("token.conform adds the missing token_type", async () => {
    const conform = (VK({}).token as TokenEndpointConfig).conform!;
    const fixed = await conform(Response.json({ access_token: "a", expires_in: 0, user_id: 1, email: "x@example.com" }));
    expect(await fixed!.json()).toEqual({ access_token: "a", expires_in: 0, user_id: 1, email: "x@example.com", token_type: "bearer" });
    expect(await conform(Response.json({ access_token: "a", token_type: "bearer" }))).toBeUndefined();
    expect(await conform(Response.json({ error: "invalid_grant" }, { status: 401 }))).toBeUndefined();
  });

  test("userinfo.request over HTTP against a loopback stand-in for api.vk.com", async () => {
    const seen: Array<{ url: string; authorization: string | undefined }> = [];
    const server = createServer((req, res) => {
      seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ response: [sample] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const toLoopback = ((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, init);
      }) as typeof fetch;
      const provider = VK({});
      const request = (provider.userinfo as UserinfoEndpointConfig<VkProfile>).request!;
      const profile = await request({ tokens, provider: { ...provider, fetch: toLoopback } });
      expect(await provider.profile!(profile, tokens)).toEqual({
        id: "210700286",
        name: "Lindsey Stirling",
        email: "lindsey@example.com",
        image: sample.photo_100,
      });
      expect(seen).toEqual([{ url: "/method/users.get?fields=photo_100&v=5.126", authorization: "Bearer vk-access" }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
