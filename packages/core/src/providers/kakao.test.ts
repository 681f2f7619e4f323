import { describe, expect, test } from "vitest";
import Kakao, { type KakaoProfile } from "./kakao.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A KakaoProfile as the provider documents it. */
const sample: KakaoProfile = {
  id: 123456789,
  connected_at: "2022-04-11T01:45:28Z",
  kakao_account: {
    profile_nickname_needs_agreement: false,
    profile_image_needs_agreement: false,
    profile: {
      nickname: "홍길동",
      thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg",
      profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
      is_default_image: false,
    },
    name_needs_agreement: false,
    name: "홍길동",
    email_needs_agreement: false,
    is_email_valid: true,
    is_email_verified: true,
    email: "sample@sample.com",
  },
  properties: { nickname: "홍길동카톡", profile_image: "http://xxx.kakao.co.kr/.../aaa.jpg" },
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Kakao", () => {
  test("configuration", () => {
    const provider = Kakao({});
    expect(provider.id).toBe("kakao");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://kauth.kakao.com/oauth/authorize");
    expect(urlOf(provider.token).href).toBe("https://kauth.kakao.com/oauth/token");
    expect(urlOf(provider.userinfo).href).toBe("https://kapi.kakao.com/v2/user/me");
    expect(provider.client?.token_endpoint_auth_method).toBe("client_secret_post");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Kakao(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Kakao({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "123456789", name: "홍길동", email: "sample@sample.com", image: "http://yyy.kakao.com/dn/.../img_640x640.jpg" });
    expect(typeof user.id).toBe("string");
  });
});
