import { describe, expect, test } from "vitest";
import Apple, { type AppleProfile } from "./apple.js";
import type { EndpointConfig } from "./types.js";

/** An AppleProfile as the provider documents it. */
const sample: AppleProfile = {
  iss: "https://appleid.apple.com",
  aud: "com.example.web",
  exp: 1718121600,
  iat: 1718035200,
  sub: "001234.5f1d0c2b8a5e4f3c9d7b6a1e2f3c4d5e.1234",
  nonce: "n-0S6_WzA2Mj",
  nonce_supported: true,
  at_hash: "m8dTQWx7qsYKD5eIj1lqCA",
  email: "x7k2p9qz4d@privaterelay.appleid.com",
  email_verified: "true",
  is_private_email: "true",
  auth_time: 1718035199,
  real_user_status: 2,
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Apple", () => {
  test("configuration", () => {
    const provider = Apple({});
    expect(provider.id).toBe("apple");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://appleid.apple.com");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("name email");
    expect((provider.authorization as EndpointConfig).params?.response_mode).toBe("form_post");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");
    expect(provider.idToken).toBe(true);

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Apple(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Apple({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "001234.5f1d0c2b8a5e4f3c9d7b6a1e2f3c4d5e.1234", name: null, email: "x7k2p9qz4d@privaterelay.appleid.com", image: null });
    expect(typeof user.id).toBe("string");
  });

  test("uses the one-time user field for the name", async () => {
    const first = { ...sample, user: { name: { firstName: "Jane", lastName: "Appleseed" }, email: "jane@example.com" } };
    expect(await Apple({}).profile!(first, tokens)).toMatchObject({ name: "Jane Appleseed", email: sample.email });
  });

  test("never takes the email from the unsigned user field", async () => {
    const { email: _email, ...withoutEmail } = sample;
    const first = { ...withoutEmail, user: { name: { firstName: "Jane" }, email: "someone-else@example.com" } };
    expect(await Apple({}).profile!(first, tokens)).toMatchObject({ name: "Jane", email: null });
  });
});
