// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Vipps from "./vipps.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("Vipps", () => {
  test.each([
    [{ test: true }, "https://apitest.vipps.no/access-management-1.0/access/"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(Vipps(options)).issuer).toBe(expected);
  });

  test("without options: https://api.vipps.no/access-management-1.0/access/", () => {
    const options = {};
    expect(resolved(Vipps(options)).issuer).toBe("https://api.vipps.no/access-management-1.0/access/");
  });

  test("an issuer given (as AUTH_VIPPS_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ test: true } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Vipps(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ test: true });
    const provider = Vipps(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ test: true });
  });
});
