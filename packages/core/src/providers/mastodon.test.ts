// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Mastodon from "./mastodon.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

describe("Mastodon", () => {
  test.each([
    [{ issuer: "https://fosstodon.org" }, "https://fosstodon.org/oauth/authorize"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(urlOf(resolved(Mastodon(options)).authorization).href).toBe(expected);
  });

  test("without options: https://mastodon.social/oauth/authorize", () => {
    const options = {};
    expect(urlOf(resolved(Mastodon(options)).authorization).href).toBe("https://mastodon.social/oauth/authorize");
  });


  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ issuer: "https://fosstodon.org" });
    const provider = Mastodon(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ issuer: "https://fosstodon.org" });
  });
});
