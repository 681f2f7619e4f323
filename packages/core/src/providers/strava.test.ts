import { describe, expect, test } from "vitest";
import Strava, { type StravaProfile } from "./strava.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A StravaProfile as the provider documents it. */
const sample: StravaProfile = {
  id: 134815,
  username: "marianne_t",
  resource_state: 3,
  firstname: "Marianne",
  lastname: "Teutenberg",
  bio: null,
  city: "San Francisco",
  state: "CA",
  country: "US",
  sex: "F",
  premium: true,
  summit: true,
  created_at: "2017-11-14T02:30:05Z",
  updated_at: "2018-02-06T19:32:20Z",
  badge_type_id: 4,
  weight: 0,
  profile_medium: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/12345/medium.jpg",
  profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/12345/large.jpg",
  friend: null,
  follower: null,
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Strava", () => {
  test("configuration", () => {
    const provider = Strava({});
    expect(provider.id).toBe("strava");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://www.strava.com/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://www.strava.com/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://www.strava.com/api/v3/athlete");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("read");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Strava(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Strava({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "134815", name: "Marianne Teutenberg", email: null, image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/12345/medium.jpg" });
    expect(typeof user.id).toBe("string");
  });
});
