import { describe, expect, test } from "vitest";
import Patreon, { type PatreonProfile } from "./patreon.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A PatreonProfile as the provider documents it. */
const sample: PatreonProfile = {
  data: {
    id: "12345689",
    type: "user",
    attributes: {
      full_name: "Platform Team",
      email: "platform@patreon.com",
      is_email_verified: true,
      image_url: "https://c8.patreon.com/2/200/12345689",
      vanity: "platform",
      url: "https://www.patreon.com/platform",
    },
  },
  links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345689" },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Patreon", () => {
  test("configuration", () => {
    const provider = Patreon({});
    expect(provider.id).toBe("patreon");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://www.patreon.com/oauth2/authorize");
    expect(urlOf(provider.token).href).toBe("https://www.patreon.com/api/oauth2/token");
    const userinfo = urlOf(provider.userinfo);
    expect(userinfo.origin + userinfo.pathname).toBe("https://www.patreon.com/api/oauth2/v2/identity");
    expect(userinfo.searchParams.get("fields[user]")).toContain("email");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("identity identity[email]");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Patreon(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Patreon({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "12345689", name: "Platform Team", email: "platform@patreon.com", image: "https://c8.patreon.com/2/200/12345689" });
    expect(typeof user.id).toBe("string");
  });
});
