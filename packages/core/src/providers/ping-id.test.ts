// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import PingId from "./ping-id.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("PingId", () => {
  test.each([
    [{ environmentId: "env-1" }, "https://auth.pingone.com/env-1/as"],
    [{ environmentId: "env-1", region: "eu" }, "https://auth.pingone.eu/env-1/as"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(PingId(options)).issuer).toBe(expected);
  });

  test("without options there is no issuer: it must come from an option or AUTH_PING_ID_ISSUER", () => {
    const options = {};
    expect(resolved(PingId(options)).issuer).toBe(undefined);
  });

  test("an issuer given (as AUTH_PING_ID_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ environmentId: "env-1" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(PingId(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ environmentId: "env-1" });
    const provider = PingId(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ environmentId: "env-1" });
  });
});
