import { describe, expect, test } from "vitest";
import Discord, { type DiscordProfile } from "./discord.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A DiscordProfile as the provider documents it. */
const sample: DiscordProfile = {
  id: "80351110224678912",
  username: "nelly",
  discriminator: "0",
  global_name: "Nelly",
  avatar: "8342729096ea3675442027381ff50dfe",
  verified: true,
  email: "nelly@discord.com",
  flags: 64,
  banner: "06c16474723fe537c283b8efa61a30c8",
  accent_color: 16711680,
  premium_type: 1,
  public_flags: 64,
  mfa_enabled: true,
  locale: "en-US",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Discord", () => {
  test("configuration", () => {
    const provider = Discord({});
    expect(provider.id).toBe("discord");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://discord.com/oauth2/authorize");
    expect(urlOf(provider.token).href).toBe("https://discord.com/api/oauth2/token");
    expect(urlOf(provider.userinfo).href).toBe("https://discord.com/api/users/@me");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("identify email");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Discord(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Discord({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "80351110224678912", name: "Nelly", email: "nelly@discord.com", image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" });
    expect(typeof user.id).toBe("string");
  });

  test("falls back to the default avatar", async () => {
    const provider = Discord({});
    const noAvatar = { ...sample, avatar: null, global_name: null };
    // (80351110224678912 >> 22) % 6 = 19157197529 % 6 = 5
    expect(await provider.profile!(noAvatar, tokens)).toMatchObject({ name: "nelly", image: "https://cdn.discordapp.com/embed/avatars/5.png" });
    const legacy = { ...noAvatar, discriminator: "1337" };
    expect((await provider.profile!(legacy, tokens)).image).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
    const animated = { ...sample, avatar: "a_1269e74af4df7417b13759eae50c83dc" };
    expect((await provider.profile!(animated, tokens)).image).toMatch(/\.gif$/);
  });
});
