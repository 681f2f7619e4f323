// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import MercadoLibre from "./mercadolibre.js";
import { resolved, urlOf } from "../../test/providers/provider-api.js";

describe("MercadoLibre", () => {
  test.each([
    [{ authorizationHost: "auth.mercadolivre.com.br" }, "https://auth.mercadolivre.com.br/authorization"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(urlOf(resolved(MercadoLibre(options)).authorization).href).toBe(expected);
  });

  test("without options: https://auth.mercadolibre.com/authorization", () => {
    const options = {};
    expect(urlOf(resolved(MercadoLibre(options)).authorization).href).toBe("https://auth.mercadolibre.com/authorization");
  });


  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ authorizationHost: "auth.mercadolivre.com.br" });
    const provider = MercadoLibre(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ authorizationHost: "auth.mercadolivre.com.br" });
  });
});
