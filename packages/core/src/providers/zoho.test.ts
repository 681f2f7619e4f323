// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Zoho from "./zoho.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

describe("Zoho", () => {
  test.each([
    [{ region: "eu" }, "https://accounts.zoho.eu/oauth/v2/auth"],
    [{ issuer: "https://accounts.zoho.com.au" }, "https://accounts.zoho.com.au/oauth/v2/auth"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(urlOf(resolved(Zoho(options)).authorization).href).toBe(expected);
  });

  test("without options: https://accounts.zoho.com/oauth/v2/auth", () => {
    const options = {};
    expect(urlOf(resolved(Zoho(options)).authorization).href).toBe("https://accounts.zoho.com/oauth/v2/auth");
  });

  test("an issuer given (as AUTH_ZOHO_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ region: "eu" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Zoho(options)).issuer).toBe("https://override.example.com/x");
    expect(urlOf(resolved(Zoho(options)).authorization).href).toBe("https://override.example.com/x/oauth/v2/auth");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ region: "eu" });
    const provider = Zoho(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ region: "eu" });
  });
});
