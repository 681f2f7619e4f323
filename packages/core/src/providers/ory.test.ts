// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import Ory from "./ory.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("Ory", () => {
  test.each([
    [{ project: "happy-fermi-1a2b3c" }, "https://happy-fermi-1a2b3c.projects.oryapis.com"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(Ory(options)).issuer).toBe(expected);
  });

  test("without options there is no issuer: it must come from an option or AUTH_ORY_ISSUER", () => {
    const options = {};
    expect(resolved(Ory(options)).issuer).toBe(undefined);
  });

  test("an issuer given (as AUTH_ORY_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ project: "happy-fermi-1a2b3c" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(Ory(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ project: "happy-fermi-1a2b3c" });
    const provider = Ory(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ project: "happy-fermi-1a2b3c" });
  });
});
