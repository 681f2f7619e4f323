import { describe, expect, test } from "vitest";
import Spotify, { type SpotifyProfile } from "./spotify.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A SpotifyProfile as the provider documents it. */
const sample: SpotifyProfile = {
  country: "SE",
  display_name: "JM Wizzler",
  email: "email@example.com",
  explicit_content: { filter_enabled: false, filter_locked: false },
  external_urls: { spotify: "https://open.spotify.com/user/wizzler" },
  followers: { href: null, total: 3829 },
  href: "https://api.spotify.com/v1/users/wizzler",
  id: "wizzler",
  images: [{ height: 300, url: "https://i.scdn.co/image/ab6775700000ee85e1c07dc8c1c3c1d25f2c7a3f", width: 300 }],
  product: "premium",
  type: "user",
  uri: "spotify:user:wizzler",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Spotify", () => {
  test("configuration", () => {
    const provider = Spotify({});
    expect(provider.id).toBe("spotify");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://accounts.spotify.com/authorize");
    expect(urlOf(provider.token).href).toBe("https://accounts.spotify.com/api/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.spotify.com/v1/me");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("user-read-email");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Spotify(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Spotify({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "wizzler", name: "JM Wizzler", email: "email@example.com", image: "https://i.scdn.co/image/ab6775700000ee85e1c07dc8c1c3c1d25f2c7a3f" });
    expect(typeof user.id).toBe("string");
  });
});
