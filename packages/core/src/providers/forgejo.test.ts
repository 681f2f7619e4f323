// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Forgejo from "./forgejo.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

describe("Forgejo", () => {
  test.each([
    [{ issuer: "https://git.example.com" }, "https://git.example.com/login/oauth/authorize"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(urlOf(resolved(Forgejo(options)).authorization).href).toBe(expected);
  });

  test("without options: https://codeberg.org/login/oauth/authorize", () => {
    const options = {};
    expect(urlOf(resolved(Forgejo(options)).authorization).href).toBe("https://codeberg.org/login/oauth/authorize");
  });


  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ issuer: "https://git.example.com" });
    const provider = Forgejo(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ issuer: "https://git.example.com" });
  });
});
