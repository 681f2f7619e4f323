// GitHub's profile with the user's verified email, for providers/github.ts, which loads this
// module when a sign-in reaches its OAuth callback. Internal: package.json maps
// ./providers/internal/* to null.
import type { GitHubEmail, GitHubProfile } from "../github.js";
import type { UserinfoEndpointConfig } from "../../types/providers.js";
import { endpointUrl } from "./endpoint-url.js";

/**
 * `GET /user`; when the user keeps the email private, `GET /user/emails` and its primary verified
 * address (then marked `email_verified`), else the first verified one, else no email.
 */
export async function githubUserinfo({ tokens, provider }: Parameters<NonNullable<UserinfoEndpointConfig<GitHubProfile>["request"]>>[0], userUrl: string): Promise<GitHubProfile> {
  const url = endpointUrl(provider.userinfo) ?? userUrl;
  const headers = {
    Authorization: `Bearer ${tokens.access_token}`,
    Accept: "application/vnd.github+json",
    "User-Agent": "latch",
  };
  const response = await provider.fetch(url, { headers });
  if (!response.ok) throw new Error(`GitHub /user answered HTTP ${response.status}`);
  const profile = (await response.json()) as GitHubProfile;
  if (profile.email) return profile;
  // A private email is left out of /user; /user/emails lists it (scope user:email).
  const emails = await provider.fetch(`${url.replace(/\/+$/, "")}/emails`, { headers });
  if (!emails.ok) return profile;
  const list = (await emails.json()) as GitHubEmail[];
  const chosen = list.find((e) => e.primary && e.verified) ?? list.find((e) => e.verified);
  return chosen ? { ...profile, email: chosen.email, email_verified: true } : { ...profile, email: null };
}
