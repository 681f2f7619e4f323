import { describe, expect, test } from "vitest";
import Slack, { type SlackProfile } from "./slack.js";
import type { EndpointConfig } from "./types.js";

/** A SlackProfile as the provider documents it. */
const sample: SlackProfile = {
  ok: true,
  sub: "U0R7JM",
  "https://slack.com/user_id": "U0R7JM",
  "https://slack.com/team_id": "T0R7GR",
  email: "krane@slack-corp.com",
  email_verified: true,
  date_email_verified: 1622128723,
  name: "krane",
  picture: "https://secure.gravatar.com/avatar/d4f4ab9ba6c2d7b1d6c5a8b5f8c5b4a5.jpg?s=512",
  given_name: "Bront",
  family_name: "Labradoodle",
  locale: "en-US",
  "https://slack.com/team_name": "kraneflannel",
  "https://slack.com/team_domain": "kraneflannel",
  "https://slack.com/user_image_24": "https://secure.gravatar.com/avatar/d4f4ab9ba6c2d7b1d6c5a8b5f8c5b4a5.jpg?s=24",
  "https://slack.com/team_image_default": true,
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Slack", () => {
  test("configuration", () => {
    const provider = Slack({});
    expect(provider.id).toBe("slack");
    expect(provider.type).toBe("oidc");
    expect(provider.issuer).toBe("https://slack.com");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("openid profile email");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Slack(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Slack({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "U0R7JM", name: "krane", email: "krane@slack-corp.com", image: "https://secure.gravatar.com/avatar/d4f4ab9ba6c2d7b1d6c5a8b5f8c5b4a5.jpg?s=512" });
    expect(typeof user.id).toBe("string");
  });
});
