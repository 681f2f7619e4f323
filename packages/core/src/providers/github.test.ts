// The `fetch` given to `userinfo.request` below is a stand-in for GitHub's REST API (api.github.com),
// which cannot be reached offline: it answers the way the provider documents.
import { describe, expect, test } from "vitest";
import GitHub, { type GitHubProfile } from "./github.js";
import type { EndpointConfig, UserinfoEndpointConfig } from "./types.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

/** A GitHubProfile as the provider documents it. */
const sample: GitHubProfile = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  gravatar_id: "",
  url: "https://api.github.com/users/octocat",
  html_url: "https://github.com/octocat",
  followers_url: "https://api.github.com/users/octocat/followers",
  following_url: "https://api.github.com/users/octocat/following{/other_user}",
  gists_url: "https://api.github.com/users/octocat/gists{/gist_id}",
  starred_url: "https://api.github.com/users/octocat/starred{/owner}{/repo}",
  subscriptions_url: "https://api.github.com/users/octocat/subscriptions",
  organizations_url: "https://api.github.com/users/octocat/orgs",
  repos_url: "https://api.github.com/users/octocat/repos",
  events_url: "https://api.github.com/users/octocat/events{/privacy}",
  received_events_url: "https://api.github.com/users/octocat/received_events",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: null,
  hireable: null,
  bio: null,
  twitter_username: null,
  public_repos: 8,
  public_gists: 8,
  followers: 18000,
  following: 9,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2024-06-01T12:00:00Z",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("GitHub", () => {
  test("configuration", () => {
    const provider = GitHub({});
    expect(provider.id).toBe("github");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://github.com/login/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://github.com/login/oauth/access_token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.github.com/user");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("read:user user:email");
    const ghes = GitHub({ enterprise: { baseUrl: "https://github.example.com/" } });
    expect(urlOf(ghes.authorization).href).toBe("https://github.example.com/login/oauth/authorize");
    expect(urlOf(ghes.token).href).toBe("https://github.example.com/login/oauth/access_token");
    expect(urlOf(ghes.userinfo).href).toBe("https://github.example.com/api/v3/user");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = GitHub(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await GitHub({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "583231", name: "The Octocat", email: null, image: "https://avatars.githubusercontent.com/u/583231?v=4" });
    expect(typeof user.id).toBe("string");
  });

  test("userinfo.request reads /user/emails when the email is private", async () => {
    const provider = GitHub({});
    const api = fakeProvider({
      "/user": sample,
      "/user/emails": [
        { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
        { email: "octocat@github.com", primary: true, verified: true, visibility: "private" },
      ],
    });
    const profile = await (provider.userinfo as UserinfoEndpointConfig<GitHubProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } });
    expect(profile.email).toBe("octocat@github.com");
    expect(api.seen.map((s) => s.url.href)).toEqual(["https://api.github.com/user", "https://api.github.com/user/emails"]);
    expect(api.seen[0]!.headers.get("authorization")).toBe("Bearer at-123");
    expect((await provider.profile!(profile, tokens)).email).toBe("octocat@github.com");
    // Taken from /user/emails with verified: true, so the preset's flag says verified.
    expect(provider.isEmailVerified!(profile)).toBe(true);
  });

  test("isEmailVerified: a public email or an address GitHub did not verify is not verified", async () => {
    const provider = GitHub({});
    const publicEmail = fakeProvider({ "/user": { ...sample, email: "octocat@github.com" } });
    const request = (provider.userinfo as UserinfoEndpointConfig<GitHubProfile>).request!;
    expect(provider.isEmailVerified!(await request({ tokens, provider: { ...provider, fetch: publicEmail.fetch } }))).toBe(false);
    const unverified = fakeProvider({ "/user": sample, "/user/emails": [{ email: "octocat@github.com", primary: true, verified: false, visibility: "private" }] });
    const profile = await request({ tokens, provider: { ...provider, fetch: unverified.fetch } });
    expect(profile.email).toBeNull();
    expect(provider.isEmailVerified!(profile)).toBe(false);
  });

  test("userinfo.request keeps a public email and makes one call", async () => {
    const provider = GitHub({});
    const api = fakeProvider({ "/user": { ...sample, email: "octocat@github.com" } });
    const profile = await (provider.userinfo as UserinfoEndpointConfig<GitHubProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } });
    expect(profile.email).toBe("octocat@github.com");
    expect(api.seen).toHaveLength(1);
  });

  test("userinfo.request leaves email null without the user:email scope, and fails on an error status", async () => {
    const provider = GitHub({});
    const noScope = fakeProvider({ "/user": sample, "/user/emails": 403 });
    expect((await (provider.userinfo as UserinfoEndpointConfig<GitHubProfile>).request!({ tokens, provider: { ...provider, fetch: noScope.fetch } })).email).toBeNull();
    const down = fakeProvider({ "/user": 401 });
    await expect((provider.userinfo as UserinfoEndpointConfig<GitHubProfile>).request!({ tokens, provider: { ...provider, fetch: down.fetch } })).rejects.toThrow(/401/);
  });
});
