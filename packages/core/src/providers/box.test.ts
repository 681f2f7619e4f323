import { describe, expect, test } from "vitest";
import Box, { type BoxProfile } from "./box.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A BoxProfile as the provider documents it. */
const sample: BoxProfile = {
  type: "user",
  id: "11446498",
  name: "Aaron Levie",
  login: "ceo@example.com",
  created_at: "2012-12-12T10:53:43-08:00",
  modified_at: "2012-12-12T10:53:43-08:00",
  language: "en",
  timezone: "Africa/Bujumbura",
  space_amount: 11345156112,
  space_used: 1237009912,
  max_upload_size: 2147483648,
  status: "active",
  job_title: "CEO",
  phone: "6509241374",
  address: "900 Jefferson Ave, Redwood City, CA 94063",
  avatar_url: "https://www.box.com/api/avatar/large/181317",
  notification_email: { email: "notifications@example.com", is_confirmed: true },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Box", () => {
  test("configuration", () => {
    const provider = Box({});
    expect(provider.id).toBe("box");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://account.box.com/api/oauth2/authorize");
    expect(urlOf(provider.token).href).toBe("https://api.box.com/oauth2/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.box.com/2.0/users/me");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Box(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Box({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "11446498", name: "Aaron Levie", email: "ceo@example.com", image: "https://www.box.com/api/avatar/large/181317" });
    expect(typeof user.id).toBe("string");
  });
});
