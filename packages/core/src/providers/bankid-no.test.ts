// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import BankIDNorway from "./bankid-no.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("BankIDNorway", () => {
  test.each([
    [{ test: true }, "https://auth.current.bankid.no/auth/realms/current"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(BankIDNorway(options)).issuer).toBe(expected);
  });

  test("without options: https://auth.bankid.no/auth/realms/prod", () => {
    const options = {};
    expect(resolved(BankIDNorway(options)).issuer).toBe("https://auth.bankid.no/auth/realms/prod");
  });

  test("an issuer given (as AUTH_BANKID_NO_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ test: true } as const), issuer: "https://override.example.com/x" };
    expect(resolved(BankIDNorway(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ test: true });
    const provider = BankIDNorway(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ test: true });
  });
});
