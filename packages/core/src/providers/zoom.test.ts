import { describe, expect, test } from "vitest";
import Zoom, { type ZoomProfile } from "./zoom.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A ZoomProfile as the provider documents it. */
const sample: ZoomProfile = {
  id: "KDcuGIm1QgePTO8WbOqwIQ",
  first_name: "Jill",
  last_name: "Chill",
  display_name: "Jill Chill",
  email: "jchill@example.com",
  type: 1,
  role_name: "Owner",
  pmi: 3542471135,
  use_pmi: false,
  personal_meeting_url: "https://example.zoom.us/j/3542471135",
  timezone: "Asia/Shanghai",
  verified: 1,
  dept: "",
  created_at: "2019-06-01T07:58:03Z",
  last_login_time: "2024-06-10T08:15:30Z",
  last_client_version: "5.17.0.12345(mac)",
  pic_url: "https://example.com/photo.jpg",
  jid: "jchill@xmpp.zoom.us",
  group_ids: [],
  im_group_ids: [],
  account_id: "q6gBJVO5TzexKYTb_I2rpg",
  language: "en-US",
  phone_country: "US",
  phone_number: "+1 800000000",
  status: "active",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Zoom", () => {
  test("configuration", () => {
    const provider = Zoom({});
    expect(provider.id).toBe("zoom");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://zoom.us/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://zoom.us/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://api.zoom.us/v2/users/me");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Zoom(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Zoom({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "KDcuGIm1QgePTO8WbOqwIQ", name: "Jill Chill", email: "jchill@example.com", image: "https://example.com/photo.jpg" });
    expect(typeof user.id).toBe("string");
  });
});
