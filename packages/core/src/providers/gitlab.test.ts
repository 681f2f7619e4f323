import { describe, expect, test } from "vitest";
import GitLab, { type GitLabProfile } from "./gitlab.js";
import type { EndpointConfig } from "./types.js";
import { setEnvDefaults } from "../config/env.js";
import { mergeProviders } from "../config/providers.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

/** A GitLabProfile as the provider documents it. */
const sample: GitLabProfile = {
  id: 1,
  username: "john_smith",
  email: "john@example.com",
  name: "John Smith",
  state: "active",
  locked: false,
  avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/cd8.jpeg",
  web_url: "https://gitlab.com/john_smith",
  created_at: "2012-05-23T08:00:58Z",
  bio: "",
  location: null,
  public_email: "john@example.com",
  skype: "",
  linkedin: "",
  twitter: "",
  discord: "",
  website_url: "",
  organization: "",
  job_title: "Operations Specialist",
  pronouns: "he/him",
  bot: false,
  work_information: null,
  followers: 1,
  following: 1,
  local_time: "3:38 PM",
  last_sign_in_at: "2012-06-01T11:41:01Z",
  confirmed_at: "2012-05-23T09:05:22Z",
  theme_id: 1,
  last_activity_on: "2012-05-23",
  color_scheme_id: 2,
  projects_limit: 100,
  current_sign_in_at: "2012-06-02T06:36:55Z",
  identities: [{ provider: "github", extern_uid: "2435223452345" }],
  can_create_group: true,
  can_create_project: true,
  two_factor_enabled: true,
  external: false,
  private_profile: false,
  commit_email: "john@example.com",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("GitLab", () => {
  test("configuration", () => {
    const provider = resolved(GitLab({}));
    expect(provider.id).toBe("gitlab");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://gitlab.com/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://gitlab.com/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://gitlab.com/api/v4/user");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("read_user");
    const selfManaged = resolved(GitLab({ issuer: "https://gitlab.example.com/" }));
    expect(urlOf(selfManaged.authorization).href).toBe("https://gitlab.example.com/oauth/authorize");
    expect(urlOf(selfManaged.userinfo).href).toBe("https://gitlab.example.com/api/v4/user");
    const underPath = resolved(GitLab({ issuer: "https://example.com/gitlab" }));
    expect(urlOf(underPath.token).href).toBe("https://example.com/gitlab/oauth/token");
  });

  test("AUTH_GITLAB_ISSUER moves every endpoint to the self-managed instance", () => {
    const config = { providers: [GitLab] };
    setEnvDefaults({ AUTH_GITLAB_ISSUER: "https://gitlab.example.com" }, config);
    const [provider] = mergeProviders(config.providers) as [ReturnType<typeof GitLab>];
    expect(provider.issuer).toBe("https://gitlab.example.com");
    expect(urlOf(provider.authorization).href).toBe("https://gitlab.example.com/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://gitlab.example.com/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://gitlab.example.com/api/v4/user");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("read_user");
  });

  test("an explicit absolute endpoint is kept as given", () => {
    const provider = resolved(GitLab({ issuer: "https://gitlab.example.com", token: "https://proxy.example.com/token" }));
    expect(urlOf(provider.token).href).toBe("https://proxy.example.com/token");
    expect(urlOf(provider.authorization).href).toBe("https://gitlab.example.com/oauth/authorize");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = GitLab(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await GitLab({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "1", name: "John Smith", email: "john@example.com", image: "https://gitlab.com/uploads/-/system/user/avatar/1/cd8.jpeg" });
    expect(typeof user.id).toBe("string");
  });
});
