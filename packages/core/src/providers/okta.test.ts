import { describe, expect, test } from "vitest";
import Okta, { type OktaProfile } from "./okta.js";
import type { EndpointConfig } from "./types.js";

/** An OktaProfile as the provider documents it. */
const sample: OktaProfile = {
  sub: "00uid4BxXw6I6TV4m0g3",
  name: "John Doe",
  nickname: "Jimmy",
  given_name: "John",
  middle_name: "James",
  family_name: "Doe",
  profile: "https://example.com/john.doe",
  zoneinfo: "America/Los_Angeles",
  locale: "en-US",
  updated_at: 1311280970,
  email: "john.doe@example.com",
  email_verified: true,
  preferred_username: "john.doe@example.com",
  ver: 1,
  iss: "https://example.okta.com/oauth2/default",
  aud: "0oa1a2b3c4d5e6f7g8h9",
  iat: 1718035200,
  exp: 1718038800,
  amr: ["pwd"],
  idp: "00o1a2b3c4d5e6f7g8h9",
  auth_time: 1718035190,
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Okta", () => {
  test("configuration", () => {
    const provider = Okta({});
    expect(provider.id).toBe("okta");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBeUndefined(); // required: from options or AUTH_<ID>_ISSUER
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(Okta({ issuer: "https://example.okta.com/oauth2/default" }).issuer).toBe("https://example.okta.com/oauth2/default");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Okta(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Okta({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "00uid4BxXw6I6TV4m0g3", name: "John Doe", email: "john.doe@example.com", image: null });
    expect(typeof user.id).toBe("string");
  });
});
