import { describe, expect, test } from "vitest";
import Cognito, { type CognitoProfile } from "./cognito.js";
import type { EndpointConfig } from "./types.js";

/** A CognitoProfile as the provider documents it. */
const sample: CognitoProfile = {
  sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
  "cognito:groups": ["admins"],
  email_verified: true,
  iss: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123",
  "cognito:username": "jdoe",
  origin_jti: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
  aud: "7121a2b3c4d5e6f7g8h9i0j1k",
  event_id: "64f6e5d4-c3b2-a190-8f7e-6d5c4b3a2910",
  token_use: "id",
  auth_time: 1718035200,
  exp: 1718038800,
  iat: 1718035200,
  email: "jdoe@example.com",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Cognito", () => {
  test("configuration", () => {
    const provider = Cognito({});
    expect(provider.id).toBe("cognito");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBeUndefined(); // required: from options or AUTH_<ID>_ISSUER
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(Cognito({ issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123" }).issuer).toBe("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Cognito(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Cognito({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", name: "jdoe", email: "jdoe@example.com", image: null });
    expect(typeof user.id).toBe("string");
  });
});
