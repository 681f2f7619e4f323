import { describe, expect, test } from "vitest";
import LinkedIn, { type LinkedInProfile } from "./linkedin.js";
import type { EndpointConfig } from "./types.js";

/** A LinkedInProfile as the provider documents it. */
const sample: LinkedInProfile = {
  sub: "782bbtaQ",
  name: "John Doe",
  given_name: "John",
  family_name: "Doe",
  picture: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
  locale: "en-US",
  email: "doe@email.com",
  email_verified: true,
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("LinkedIn", () => {
  test("configuration", () => {
    const provider = LinkedIn({});
    expect(provider.id).toBe("linkedin");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://www.linkedin.com/oauth");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");
    expect(provider.checks).toEqual(["state"]);

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = LinkedIn(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await LinkedIn({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "782bbtaQ", name: "John Doe", email: "doe@email.com", image: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/" });
    expect(typeof user.id).toBe("string");
  });
});
