// The `fetch` given to `userinfo.request` below is a stand-in for Reddit's API (oauth.reddit.com),
// which cannot be reached offline: it answers the way the provider documents.
import { describe, expect, test } from "vitest";
import Reddit, { type RedditProfile } from "./reddit.js";
import type { EndpointConfig, UserinfoEndpointConfig } from "./types.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

/** A RedditProfile as the provider documents it. */
const sample: RedditProfile = {
  id: "1w72",
  name: "spez",
  icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&amp;height=256&amp;s=a1b2",
  snoovatar_img: "",
  created: 1118030400,
  created_utc: 1118030400,
  has_verified_email: true,
  verified: true,
  is_gold: true,
  is_mod: true,
  is_employee: true,
  over_18: false,
  link_karma: 150000,
  comment_karma: 750000,
  total_karma: 900000,
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Reddit", () => {
  test("configuration", () => {
    const provider = Reddit({});
    expect(provider.id).toBe("reddit");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://www.reddit.com/api/v1/authorize");
    expect(urlOf(provider.token).href).toBe("https://www.reddit.com/api/v1/access_token");
    expect(urlOf(provider.userinfo).href).toBe("https://oauth.reddit.com/api/v1/me");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("identity");
    expect(provider.checks).toEqual(["state"]);

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Reddit(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Reddit({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "1w72", name: "spez", email: null, image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&height=256&s=a1b2" });
    expect(typeof user.id).toBe("string");
  });

  test("userinfo.request sends a User-Agent", async () => {
    const provider = Reddit({ userAgent: "web:com.example.app:v2 (by /u/example)" });
    const api = fakeProvider({ "/api/v1/me": sample });
    expect(await (provider.userinfo as UserinfoEndpointConfig<RedditProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } })).toEqual(sample);
    expect(api.seen[0]!.headers.get("user-agent")).toBe("web:com.example.app:v2 (by /u/example)");
    expect(api.seen[0]!.headers.get("authorization")).toBe("Bearer at-123");
  });
});
