import { describe, expect, test } from "vitest";
import HuggingFace, { type HuggingFaceProfile } from "./huggingface.js";
import type { EndpointConfig } from "./types.js";

/** A HuggingFaceProfile as the provider documents it. */
const sample: HuggingFaceProfile = {
  sub: "60c1f8b2e0d4a3b1c2d3e4f5",
  name: "Jane Hugger",
  preferred_username: "jhugger",
  profile: "https://huggingface.co/jhugger",
  picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/jhugger.png",
  website: "https://example.com",
  email: "jane@example.com",
  email_verified: true,
  isPro: false,
  orgs: [],
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("HuggingFace", () => {
  test("configuration", () => {
    const provider = HuggingFace({});
    expect(provider.id).toBe("huggingface");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://huggingface.co");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = HuggingFace(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await HuggingFace({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "60c1f8b2e0d4a3b1c2d3e4f5", name: "Jane Hugger", email: "jane@example.com", image: "https://cdn-avatars.huggingface.co/v1/production/uploads/jhugger.png" });
    expect(typeof user.id).toBe("string");
  });
});
