// The `fetch` given to `userinfo.request` below is a stand-in for Bitbucket Cloud's API (api.bitbucket.org),
// which cannot be reached offline: it answers the way the provider documents.
import { describe, expect, test } from "vitest";
import Bitbucket, { type BitbucketProfile } from "./bitbucket.js";
import type { EndpointConfig, UserinfoEndpointConfig } from "./types.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

/** A BitbucketProfile as the provider documents it. */
const sample: BitbucketProfile = {
  type: "user",
  uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
  account_id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443",
  username: "tutorials",
  nickname: "tutorials",
  display_name: "tutorials account",
  account_status: "active",
  created_on: "2011-12-20T16:34:07.132459+00:00",
  is_staff: false,
  has_2fa_enabled: null,
  location: null,
  links: {
    self: { href: "https://api.bitbucket.org/2.0/users/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D" },
    avatar: { href: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/557058:c0b72ad0/1a2b3c4d/128" },
    html: { href: "https://bitbucket.org/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D/" },
  },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Bitbucket", () => {
  test("configuration", () => {
    const provider = Bitbucket({});
    expect(provider.id).toBe("bitbucket");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://bitbucket.org/site/oauth2/authorize");
    expect(urlOf(provider.token).href).toBe("https://bitbucket.org/site/oauth2/access_token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.bitbucket.org/2.0/user");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("account email");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Bitbucket(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Bitbucket({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443", name: "tutorials account", email: null, image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/557058:c0b72ad0/1a2b3c4d/128" });
    expect(typeof user.id).toBe("string");
  });

  test("userinfo.request adds the primary confirmed email", async () => {
    const provider = Bitbucket({});
    const api = fakeProvider({
      "/2.0/user": sample,
      "/2.0/user/emails": {
        pagelen: 10,
        values: [
          { type: "email", email: "old@example.com", is_primary: false, is_confirmed: true },
          { type: "email", email: "tutorials@example.com", is_primary: true, is_confirmed: true },
        ],
        page: 1,
        size: 2,
      },
    });
    const profile = await (provider.userinfo as UserinfoEndpointConfig<BitbucketProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } });
    expect(profile.email).toBe("tutorials@example.com");
    expect(api.seen.map((s) => s.url.pathname)).toEqual(["/2.0/user", "/2.0/user/emails"]);
    expect((await provider.profile!(profile, tokens)).email).toBe("tutorials@example.com");
    const noEmailScope = fakeProvider({ "/2.0/user": sample, "/2.0/user/emails": 403 });
    expect((await (provider.userinfo as UserinfoEndpointConfig<BitbucketProfile>).request!({ tokens, provider: { ...provider, fetch: noEmailScope.fetch } })).email).toBeNull();
  });
});
