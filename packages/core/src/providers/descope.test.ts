// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Descope from "./descope.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("Descope", () => {
  test.each([
    [{ projectId: "P2abc" }, "https://api.descope.com/P2abc"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(Descope(options)).issuer).toBe(expected);
  });

  test("without options there is no issuer: it must come from an option or AUTH_DESCOPE_ISSUER", () => {
    const options = {};
    expect(resolved(Descope(options)).issuer).toBe(undefined);
  });

  test("an issuer given (as AUTH_DESCOPE_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ projectId: "P2abc" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Descope(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ projectId: "P2abc" });
    const provider = Descope(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ projectId: "P2abc" });
  });
});
