// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Passage from "./passage.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("Passage", () => {
  test.each([
    [{ appId: "app1" }, "https://auth.passage.id/v1/apps/app1"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(Passage(options)).issuer).toBe(expected);
  });

  test("without options there is no issuer: it must come from an option or AUTH_PASSAGE_ISSUER", () => {
    const options = {};
    expect(resolved(Passage(options)).issuer).toBe(undefined);
  });

  test("an issuer given (as AUTH_PASSAGE_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ appId: "app1" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Passage(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ appId: "app1" });
    const provider = Passage(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ appId: "app1" });
  });
});
