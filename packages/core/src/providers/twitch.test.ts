import { describe, expect, test } from "vitest";
import Twitch, { type TwitchProfile } from "./twitch.js";
import type { EndpointConfig, TokenEndpointConfig } from "./types.js";

/** A TwitchProfile as the provider documents it. */
const sample: TwitchProfile = {
  aud: "hof5gwx0su6owfnys0yan9c87zr6t",
  exp: 1642696950,
  iat: 1642696050,
  iss: "https://id.twitch.tv/oauth2",
  sub: "713936733",
  azp: "hof5gwx0su6owfnys0yan9c87zr6t",
  nonce: "7d5a2f41",
  email: "streamer@example.com",
  email_verified: true,
  picture: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png",
  preferred_username: "streamer",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Twitch", () => {
  test("configuration", () => {
    const provider = Twitch({});
    expect(provider.id).toBe("twitch");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://id.twitch.tv/oauth2");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid user:read:email");
    const claims = JSON.parse((provider.authorization as EndpointConfig).params!.claims!);
    expect(Object.keys(claims.id_token)).toEqual(["email", "email_verified", "picture", "preferred_username"]);
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Twitch(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Twitch({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "713936733", name: "streamer", email: "streamer@example.com", image: "https://static-cdn.jtvnw.net/jtv_user_pictures/8a6381c7-d0c0-4576-b179-38bd5ce1d6af-profile_image-300x300.png" });
    expect(typeof user.id).toBe("string");
  });

  test("token.conform joins the scope array", async () => {
    const conform = (Twitch({}).token as TokenEndpointConfig).conform!;
    const body = { access_token: "a", refresh_token: "r", expires_in: 14124, scope: ["openid", "user:read:email"], token_type: "bearer" };
    const fixed = await conform(Response.json(body));
    expect(await fixed!.json()).toEqual({ ...body, scope: "openid user:read:email" });
    expect(await conform(Response.json({ ...body, scope: "openid" }))).toBeUndefined();
  });
});
