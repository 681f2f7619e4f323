import { describe, expect, test } from "vitest";
import Coinbase, { type CoinbaseProfile } from "./coinbase.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A CoinbaseProfile as the provider documents it. */
const sample: CoinbaseProfile = {
  data: {
    id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
    name: "User One",
    username: "user1",
    profile_location: null,
    profile_bio: null,
    profile_url: "https://coinbase.com/user1",
    avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY&s=128",
    resource: "user",
    resource_path: "/v2/user",
    email: "user1@example.com",
  },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Coinbase", () => {
  test("configuration", () => {
    const provider = Coinbase({});
    expect(provider.id).toBe("coinbase");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://login.coinbase.com/oauth2/auth");
    expect(urlOf(provider.token).href).toBe("https://login.coinbase.com/oauth2/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.coinbase.com/v2/user");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("wallet:user:email wallet:user:read");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Coinbase(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Coinbase({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8", name: "User One", email: "user1@example.com", image: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY&s=128" });
    expect(typeof user.id).toBe("string");
  });
});
