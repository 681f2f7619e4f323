// The `fetch` given to `userinfo.request` below is a stand-in for Dropbox's API (api.dropboxapi.com),
// which cannot be reached offline: it answers the way the provider documents.
import { describe, expect, test } from "vitest";
import Dropbox, { type DropboxProfile } from "./dropbox.js";
import type { EndpointConfig, UserinfoEndpointConfig } from "./types.js";
import { fakeProvider, urlOf } from "../../test/providers/provider-api.js";

/** A DropboxProfile as the provider documents it. */
const sample: DropboxProfile = {
  account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" },
  email: "franz@dropbox.com",
  email_verified: true,
  disabled: false,
  locale: "en",
  referral_link: "https://db.tt/ZITNuhtI",
  is_paired: true,
  account_type: { ".tag": "basic" },
  root_info: { ".tag": "user", root_namespace_id: "3235641", home_namespace_id: "3235641" },
  profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
  country: "US",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Dropbox", () => {
  test("configuration", () => {
    const provider = Dropbox({});
    expect(provider.id).toBe("dropbox");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://www.dropbox.com/oauth2/authorize");
    expect(urlOf(provider.token).href).toBe("https://api.dropboxapi.com/oauth2/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.dropboxapi.com/2/users/get_current_account");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("account_info.read");
    expect((provider.authorization as EndpointConfig).params?.token_access_type).toBe("offline");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Dropbox(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Dropbox({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: "Franz Ferdinand (Personal)", email: "franz@dropbox.com", image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128" });
    expect(typeof user.id).toBe("string");
  });

  test("userinfo.request POSTs to get_current_account", async () => {
    const provider = Dropbox({});
    const api = fakeProvider({ "/2/users/get_current_account": sample });
    expect(await (provider.userinfo as UserinfoEndpointConfig<DropboxProfile>).request!({ tokens, provider: { ...provider, fetch: api.fetch } })).toEqual(sample);
    expect(api.seen[0]!.method).toBe("POST");
    expect(api.seen[0]!.headers.get("authorization")).toBe("Bearer at-123");
  });
});
