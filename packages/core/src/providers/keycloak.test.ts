import { describe, expect, test } from "vitest";
import Keycloak, { type KeycloakProfile } from "./keycloak.js";
import type { EndpointConfig } from "./types.js";

/** A KeycloakProfile as the provider documents it. */
const sample: KeycloakProfile = {
  exp: 1718038800,
  iat: 1718035200,
  auth_time: 1718035190,
  jti: "0d4b8a4e-3c2f-4f0e-9b1a-6c7d8e9f0a1b",
  iss: "https://sso.example.com/realms/acme",
  aud: "latch-app",
  sub: "f1d2e3c4-b5a6-4978-8695-a4b3c2d1e0f9",
  typ: "ID",
  azp: "latch-app",
  nonce: "n-0S6_WzA2Mj",
  session_state: "5f6e7d8c-9b0a-4c1d-2e3f-4a5b6c7d8e9f",
  at_hash: "Kx6Ew2t1X4iWlYzdBc9KQA",
  acr: "1",
  sid: "5f6e7d8c-9b0a-4c1d-2e3f-4a5b6c7d8e9f",
  email_verified: true,
  name: "Ada Lovelace",
  preferred_username: "ada",
  given_name: "Ada",
  family_name: "Lovelace",
  email: "ada@example.com",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Keycloak", () => {
  test("configuration", () => {
    const provider = Keycloak({});
    expect(provider.id).toBe("keycloak");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBeUndefined(); // required: from options or AUTH_<ID>_ISSUER
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(Keycloak({ issuer: "https://sso.example.com/realms/acme" }).issuer).toBe("https://sso.example.com/realms/acme");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Keycloak(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Keycloak({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "f1d2e3c4-b5a6-4978-8695-a4b3c2d1e0f9", name: "Ada Lovelace", email: "ada@example.com", image: null });
    expect(typeof user.id).toBe("string");
  });
});
