import { describe, expect, test } from "vitest";
import Authentik, { type AuthentikProfile } from "./authentik.js";
import type { EndpointConfig } from "./types.js";

/** An AuthentikProfile as the provider documents it. */
const sample: AuthentikProfile = {
  iss: "https://auth.example.com/application/o/my-app/",
  sub: "4d0c7e4b3f2a1c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d",
  aud: "KxQ4mQ1vY8qfl3rQ",
  exp: 1718038800,
  iat: 1718035200,
  auth_time: 1718035190,
  acr: "goauthentik.io/providers/oauth2/default",
  email: "akadmin@example.com",
  email_verified: true,
  name: "authentik Default Admin",
  given_name: "authentik Default Admin",
  preferred_username: "akadmin",
  nickname: "akadmin",
  groups: ["authentik Admins"],
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Authentik", () => {
  test("configuration", () => {
    const provider = Authentik({});
    expect(provider.id).toBe("authentik");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBeUndefined(); // required: from options or AUTH_<ID>_ISSUER
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(Authentik({ issuer: "https://auth.example.com/application/o/my-app/" }).issuer).toBe("https://auth.example.com/application/o/my-app/");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Authentik(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Authentik({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "4d0c7e4b3f2a1c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d", name: "authentik Default Admin", email: "akadmin@example.com", image: null });
    expect(typeof user.id).toBe("string");
  });
});
