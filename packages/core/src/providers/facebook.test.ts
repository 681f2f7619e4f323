// The `fetch` given to `userinfo.request` below is a stand-in for the Facebook Graph API (graph.facebook.com),
// which cannot be reached offline: it answers the way the provider documents.
import { describe, expect, test } from "vitest";
import Facebook, { type FacebookProfile } from "./facebook.js";
import type { EndpointConfig, UserinfoEndpointConfig } from "./types.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

/** A FacebookProfile as the provider documents it. */
const sample: FacebookProfile = {
  id: "10224312345678901",
  name: "Mark Example",
  email: "mark@example.com",
  picture: {
    data: { height: 200, width: 200, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224312345678901&height=200&width=200" },
  },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Facebook", () => {
  test("configuration", () => {
    const provider = Facebook({});
    expect(provider.id).toBe("facebook");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://www.facebook.com/v22.0/dialog/oauth");
    expect(urlOf(provider.token).href).toBe("https://graph.facebook.com/v22.0/oauth/access_token");
    expect(urlOf(provider.userinfo).href).toBe("https://graph.facebook.com/v22.0/me");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("email public_profile");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Facebook(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Facebook({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "10224312345678901", name: "Mark Example", email: "mark@example.com", image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224312345678901&height=200&width=200" });
    expect(typeof user.id).toBe("string");
  });

  test("userinfo.request asks the Graph API for the fields", async () => {
    const provider = Facebook({});
    const api = fakeProvider({ "/v22.0/me": sample });
    const profile = await (provider.userinfo as UserinfoEndpointConfig<FacebookProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } });
    expect(profile).toEqual(sample);
    expect(api.seen[0]!.url.searchParams.get("fields")).toBe("id,name,email,picture.type(large)");
    expect(api.seen[0]!.headers.get("authorization")).toBe("Bearer at-123");
  });

  test("userinfo.request honours other fields", async () => {
    const provider = Facebook({});
    const custom = { ...provider, userinfo: { url: "https://graph.facebook.com/v22.0/me", params: { fields: "id,name" } } };
    const api = fakeProvider({ "/v22.0/me": { id: sample.id, name: sample.name } });
    await (provider.userinfo as UserinfoEndpointConfig<FacebookProfile>).request!({ tokens, provider: { ...custom, fetch: api.fetch } });
    expect(api.seen[0]!.url.searchParams.get("fields")).toBe("id,name");
  });
});
