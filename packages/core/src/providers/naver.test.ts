import { describe, expect, test } from "vitest";
import Naver, { type NaverProfile } from "./naver.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A NaverProfile as the provider documents it. */
const sample: NaverProfile = {
  resultcode: "00",
  message: "success",
  response: {
    email: "openapi@naver.com",
    nickname: "OpenAPI",
    profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
    age: "40-49",
    gender: "F",
    id: "32742776",
    name: "오픈 API",
    birthday: "10-01",
  },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Naver", () => {
  test("configuration", () => {
    const provider = Naver({});
    expect(provider.id).toBe("naver");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://nid.naver.com/oauth2.0/authorize");
    expect(urlOf(provider.token).href).toBe("https://nid.naver.com/oauth2.0/token");
    expect(urlOf(provider.userinfo).href).toBe("https://openapi.naver.com/v1/nid/me");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Naver(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Naver({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "32742776", name: "OpenAPI", email: "openapi@naver.com", image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif" });
    expect(typeof user.id).toBe("string");
  });
});
