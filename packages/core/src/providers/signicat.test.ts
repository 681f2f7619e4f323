// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Signicat from "./signicat.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("Signicat", () => {
  test.each([
    [{ domain: "acme.sandbox.signicat.com" }, "https://acme.sandbox.signicat.com/auth/open"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(Signicat(options)).issuer).toBe(expected);
  });

  test("without options there is no issuer: it must come from an option or AUTH_SIGNICAT_ISSUER", () => {
    const options = {};
    expect(resolved(Signicat(options)).issuer).toBe(undefined);
  });

  test("an issuer given (as AUTH_SIGNICAT_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ domain: "acme.sandbox.signicat.com" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Signicat(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ domain: "acme.sandbox.signicat.com" });
    const provider = Signicat(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ domain: "acme.sandbox.signicat.com" });
  });
});
