// The sign-in itself runs in test/providers/contract.test.ts; this file checks the URL the options make.
import { describe, expect, test } from "vitest";
import BattleNet from "./battlenet.js";
import { resolved } from "../../test/providers/provider-api.js";

describe("BattleNet", () => {
  test.each([
    [{ region: "eu" }, "https://eu.battle.net/oauth"],
    [{ region: "cn" }, "https://oauth.battlenet.com.cn"],
  ] as const)("%o signs in at %s", (options, expected) => {
    expect(resolved(BattleNet(options)).issuer).toBe(expected);
  });

  test("without options: https://oauth.battle.net", () => {
    const options = {};
    expect(resolved(BattleNet(options)).issuer).toBe("https://oauth.battle.net");
  });

  test("an issuer given (as AUTH_BATTLENET_ISSUER fills it) wins over the typed option", () => {
    const options = { ...({ region: "eu" } as const), issuer: "https://override.example.com/x" };
    expect(resolved(BattleNet(options)).issuer).toBe("https://override.example.com/x");
  });

  test("keeps the options object as given, unmutated", () => {
    const options = Object.freeze({ region: "eu" });
    const provider = BattleNet(options);
    expect(provider.options).toBe(options);
    expect(options).toEqual({ region: "eu" });
  });
});
