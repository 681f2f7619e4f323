import { describe, expect, test } from "vitest";
import Salesforce, { type SalesforceProfile } from "./salesforce.js";
import type { EndpointConfig } from "./types.js";

/** A SalesforceProfile as the provider documents it. */
const sample: SalesforceProfile = {
  sub: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P",
  user_id: "005x00000012Q9P",
  organization_id: "00Dx0000000BV7z",
  preferred_username: "admin@acme.example",
  nickname: "admin",
  name: "Admin User",
  email: "admin@acme.example",
  email_verified: true,
  given_name: "Admin",
  family_name: "User",
  zoneinfo: "America/Los_Angeles",
  photos: { picture: "https://acme.file.force.com/profilephoto/005/F", thumbnail: "https://acme.file.force.com/profilephoto/005/T" },
  picture: "https://acme.file.force.com/profilephoto/005/F",
  active: true,
  user_type: "STANDARD",
  language: "en_US",
  locale: "en_US",
  utcOffset: -28800000,
  updated_at: "2024-06-10T08:15:30Z",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Salesforce", () => {
  test("configuration", () => {
    const provider = Salesforce({});
    expect(provider.id).toBe("salesforce");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://login.salesforce.com");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");
    expect(provider.idToken).toBe(false);
    expect(Salesforce({ issuer: "https://test.salesforce.com" }).issuer).toBe("https://test.salesforce.com");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Salesforce(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Salesforce({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "005x00000012Q9P", name: "Admin User", email: "admin@acme.example", image: "https://acme.file.force.com/profilephoto/005/F" });
    expect(typeof user.id).toBe("string");
  });
});
