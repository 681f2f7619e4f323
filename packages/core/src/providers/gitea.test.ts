// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Gitea from "./gitea.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

describe("Gitea", () => {
  test.each([
    [{ issuer: "https://git.example.com/gitea" }, "https://git.example.com/gitea/login/oauth/authorize"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(urlOf(resolved(Gitea(options)).authorization).href).toBe(expected);
  });

  test("without options: https://gitea.com/login/oauth/authorize", () => {
    const options = {};
    expect(urlOf(resolved(Gitea(options)).authorization).href).toBe("https://gitea.com/login/oauth/authorize");
  });


  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ issuer: "https://git.example.com/gitea" });
    const provider = Gitea(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ issuer: "https://git.example.com/gitea" });
  });
});
