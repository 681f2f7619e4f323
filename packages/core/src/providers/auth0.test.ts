import { describe, expect, test } from "vitest";
import Auth0, { type Auth0Profile } from "./auth0.js";
import type { EndpointConfig } from "./types.js";

/** An Auth0Profile as the provider documents it. */
const sample: Auth0Profile = {
  sub: "auth0|64b7f0e2a1c3d4e5f6a7b8c9",
  nickname: "janedoe",
  name: "Jane Doe",
  picture: "https://s.gravatar.com/avatar/5b9f4e7a2c1d3e8f.png",
  updated_at: "2024-06-10T08:15:30.123Z",
  email: "janedoe@example.com",
  email_verified: true,
  "https://example.com/roles": ["admin"],
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Auth0", () => {
  test("configuration", () => {
    const provider = Auth0({});
    expect(provider.id).toBe("auth0");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBeUndefined(); // required: from options or AUTH_<ID>_ISSUER
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(Auth0({ issuer: "https://example.eu.auth0.com/" }).issuer).toBe("https://example.eu.auth0.com/");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Auth0(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Auth0({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "auth0|64b7f0e2a1c3d4e5f6a7b8c9", name: "Jane Doe", email: "janedoe@example.com", image: "https://s.gravatar.com/avatar/5b9f4e7a2c1d3e8f.png" });
    expect(typeof user.id).toBe("string");
  });

  test("falls back to the nickname for the name", async () => {
    const { name: _name, ...withoutName } = sample;
    expect(await Auth0({}).profile!(withoutName, tokens)).toMatchObject({ name: "janedoe" });
  });
});
