import { describe, expect, test } from "vitest";
import Atlassian, { type AtlassianProfile } from "./atlassian.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** An AtlassianProfile as the provider documents it. */
const sample: AtlassianProfile = {
  account_type: "atlassian",
  account_id: "112233aa-bb11-cc22-33dd-445566abcabc",
  email: "mia@example.com",
  email_verified: true,
  name: "Mia Krystof",
  picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa/1234abcd-9876-54aa-33aa-1234dfsade9487ds",
  account_status: "active",
  nickname: "mkrystof",
  zoneinfo: "Australia/Sydney",
  locale: "en-US",
  extended_profile: { job_title: "Designer", organization: "mia@example.com", department: "Design team", location: "Sydney" },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Atlassian", () => {
  test("configuration", () => {
    const provider = Atlassian({});
    expect(provider.id).toBe("atlassian");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://auth.atlassian.com/authorize");
    expect(urlOf(provider.token).href).toBe("https://auth.atlassian.com/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.atlassian.com/me");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("read:me");
    expect((provider.authorization as EndpointConfig).params).toMatchObject({ audience: "api.atlassian.com", prompt: "consent" });

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Atlassian(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Atlassian({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "112233aa-bb11-cc22-33dd-445566abcabc", name: "Mia Krystof", email: "mia@example.com", image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/112233aa/1234abcd-9876-54aa-33aa-1234dfsade9487ds" });
    expect(typeof user.id).toBe("string");
  });
});
