import { describe, expect, test } from "vitest";
import Yandex, { type YandexProfile } from "./yandex.js";
import type { EndpointConfig } from "./types.js";
import { urlOf } from "../../test/providers/provider-api.js";

/** A YandexProfile as the provider documents it. */
const sample: YandexProfile = {
  id: "1000034426",
  login: "ivan",
  client_id: "4760187d81bc4b7799476b42b5103713",
  display_name: "Ivan",
  real_name: "Ivan Ivanov",
  first_name: "Ivan",
  last_name: "Ivanov",
  sex: "male",
  default_email: "test@yandex.ru",
  emails: ["test@yandex.ru", "other-test@yandex.ru"],
  birthday: "1987-03-12",
  default_avatar_id: "131652443",
  is_avatar_empty: false,
  default_phone: { id: 12345678, number: "+79037659418" },
  psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
};

const tokens = { access_token: "at-123", token_type: "bearer" as const, expires_in: 3600 };

describe("Yandex", () => {
  test("configuration", () => {
    const provider = Yandex({});
    expect(provider.id).toBe("yandex");
    expect(provider.type).toBe("oauth");
    expect(urlOf(provider.authorization).href).toBe("https://oauth.yandex.ru/authorize");
    expect(urlOf(provider.token).href).toBe("https://oauth.yandex.ru/token");
    expect(urlOf(provider.userinfo).href).toBe("https://login.yandex.ru/info?format=json");
    expect((provider.authorization as EndpointConfig).params?.scope).toBe("login:info login:email login:avatar");

  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ clientId: "client-id", clientSecret: "client-secret", authorization: { params: { prompt: "consent" } } });
    const copy = structuredClone(options);
    const provider = Yandex(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual(copy);
  });

  test("maps the profile to a user", async () => {
    const user = await Yandex({}).profile!(sample, tokens);
    expect(user).toEqual({ id: "1000034426", name: "Ivan", email: "test@yandex.ru", image: "https://avatars.yandex.net/get-yapic/131652443/islands-200" });
    expect(typeof user.id).toBe("string");
  });

  test("no image when the avatar is empty", async () => {
    expect((await Yandex({}).profile!({ ...sample, is_avatar_empty: true }, tokens)).image).toBeNull();
  });
});
