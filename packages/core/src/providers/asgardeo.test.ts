// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Asgardeo from "./asgardeo.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("Asgardeo", () => {
  test.each([
    [{ organization: "acme" }, "https://api.asgardeo.io/t/acme/oauth2/token"],
    [{ organization: "a b" }, "https://api.asgardeo.io/t/a%20b/oauth2/token"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(Asgardeo(options)).issuer).toBe(expected);
  });

  test("without options there is no issuer: it must come from an option or AUTH_ASGARDEO_ISSUER", () => {
    const options = {};
    expect(resolved(Asgardeo(options)).issuer).toBe(undefined);
  });

  test("an issuer given (as AUTH_ASGARDEO_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ organization: "acme" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Asgardeo(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ organization: "acme" });
    const provider = Asgardeo(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ organization: "acme" });
  });
});
