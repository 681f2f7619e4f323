import { describe, expect, test } from "vitest";
import Google, { type GoogleProfile } from "./google.js";
import type { EndpointConfig } from "./types.js";

/** A GoogleProfile as the provider documents it. */
const sample: GoogleProfile = {
  iss: "https://accounts.google.com",
  azp: "1234987819200.apps.googleusercontent.com",
  aud: "1234987819200.apps.googleusercontent.com",
  sub: "10769150350006150715113082367",
  at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
  hd: "example.com",
  email: "jsmith@example.com",
  email_verified: true,
  iat: 1353601026,
  exp: 1353604926,
  nonce: "0394852-3190485-2490358",
  name: "Jane Smith",
  given_name: "Jane",
  family_name: "Smith",
  picture: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
  locale: "en",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Google", () => {
  test("configuration", () => {
    const provider = Google({});
    expect(provider.id).toBe("google");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://accounts.google.com");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Google(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Google({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "10769150350006150715113082367", name: "Jane Smith", email: "jsmith@example.com", image: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c" });
    expect(typeof user.id).toBe("string");
  });
});
