import { describe, expect, test } from "vitest";
import Twitter, { type TwitterProfile } from "./twitter.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A TwitterProfile as the provider documents it. */
const sample: TwitterProfile = {
  data: {
    id: "2244994945",
    name: "X Dev",
    username: "XDevelopers",
    profile_image_url: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
  },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Twitter", () => {
  test("configuration", () => {
    const provider = Twitter({});
    expect(provider.id).toBe("twitter");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://x.com/i/oauth2/authorize");
    expect(urlOf(provider.token).href).toBe("https://api.x.com/2/oauth2/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.x.com/2/users/me?user.fields=profile_image_url");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("users.read tweet.read offline.access");
    expect(provider.name).toBe("X");
    expect(provider.checks).toBeUndefined(); // PKCE + state, the defaults

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Twitter(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Twitter({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "2244994945", name: "X Dev", email: null, image: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg" });
    expect(typeof user.id).toBe("string");
  });

  test("takes confirmed_email when the app may read it", async () => {
    const withEmail = { data: { ...sample.data, confirmed_email: "dev@x.com" } };
    expect((await Twitter({}).profile!(withEmail, tokens)).email).toBe("dev@x.com");
  });
});
