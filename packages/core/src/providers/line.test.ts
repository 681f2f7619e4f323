import { describe, expect, test } from "vitest";
import Line, { type LineProfile } from "./line.js";
import type { EndpointConfig } from "./types.js";

/** A LineProfile as the provider documents it. */
const sample: LineProfile = {
  iss: "https://access.line.me",
  sub: "U1234567890abcdef1234567890abcdef",
  aud: "1234567890",
  exp: 1504169092,
  iat: 1504263657,
  nonce: "0987654asdf",
  amr: ["pwd"],
  name: "Taro Line",
  picture: "https://sample_line.me/aBcdefg123456",
  email: "taro.line@example.com",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Line", () => {
  test("configuration", () => {
    const provider = Line({});
    expect(provider.id).toBe("line");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://access.line.me");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile");
    expect(provider.client).toEqual({ token_endpoint_auth_method: "client_secret_post", id_token_signed_response_alg: "HS256" });

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Line(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Line({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "U1234567890abcdef1234567890abcdef", name: "Taro Line", email: "taro.line@example.com", image: "https://sample_line.me/aBcdefg123456" });
    expect(typeof user.id).toBe("string");
  });
});
