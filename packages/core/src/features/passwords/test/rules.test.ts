/**
 * The password rules (NIST SP 800-63B §5.1.1.2): length in code points after NFKC, any
 * characters, no composition rules, and the shipped list of common passwords.
 */
import { describe, expect, test } from "vitest";
import { commonPasswords } from "../common-passwords.js";
import {
  checkPassword, defaultMaxPasswordLength, isCommonPassword, passwordLength,
  PasswordCommon, PasswordTooLong, PasswordTooShort,
} from "../index.js";

async function refusal(password: string, rules?: Parameters<typeof checkPassword>[1]): Promise<unknown> {
  return checkPassword(password, rules).then(
    () => { throw new Error("accepted"); },
    (error: unknown) => error,
  );
}

describe("length", () => {
  test("7 characters are refused with PasswordTooShort and a message naming the minimum", async () => {
    const error = await refusal("k7#Lq2x");
    expect(error).toBeInstanceOf(PasswordTooShort);
    expect(error).toMatchObject({ type: "PasswordTooShort", minimum: 8, message: "Use at least 8 characters." });
  });

  test("8 characters of any kind pass, with no composition rule", async () => {
    await expect(checkPassword("zqxjvwkp")).resolves.toBe("zqxjvwkp"); // lowercase letters only
    await expect(checkPassword("        ")).resolves.toBe("        "); // spaces are characters
  });

  test("characters are code points after NFKC: 7 emoji (14 UTF-16 units) are too short, 8 pass", async () => {
    await expect(refusal("🐢".repeat(7))).resolves.toBeInstanceOf(PasswordTooShort);
    await expect(checkPassword("🐢".repeat(8))).resolves.toBe("🐢".repeat(8));
    // U+FB03 (ﬃ) is one code point that NFKC turns into three: three of them count as 9.
    expect(passwordLength("\uFB03\uFB03\uFB03")).toBe(9);
    await expect(checkPassword("\uFB03\uFB03\uFB03")).resolves.toBe("ffiffiffi");
  });

  test("a 64-character Unicode passphrase passes, returned in NFKC", async () => {
    const phrase = "Ça m'étonnerait — 東京の夜はとても静かでした 🌙 und Grüße aus Köln ΑΩ";
    const padded = [...phrase, ..."ß".repeat(64)].slice(0, 64).join("");
    expect(passwordLength(padded)).toBe(64);
    await expect(checkPassword(padded)).resolves.toBe(padded.normalize("NFKC"));
  });

  test(`up to ${defaultMaxPasswordLength} characters pass; one more is PasswordTooLong`, async () => {
    await expect(checkPassword("a1b2c3d4".repeat(32))).resolves.toHaveLength(256);
    const error = await refusal("a1b2c3d4".repeat(32) + "e");
    expect(error).toBeInstanceOf(PasswordTooLong);
    expect(error).toMatchObject({ type: "PasswordTooLong", maximum: 256, message: "Use at most 256 characters." });
    // A megabyte is refused before it is normalised.
    await expect(refusal("x".repeat(1 << 20))).resolves.toBeInstanceOf(PasswordTooLong);
  });

  test("the limits are configurable within NIST's bounds", async () => {
    await expect(refusal("abcdefghij", { minLength: 12 })).resolves.toBeInstanceOf(PasswordTooShort);
    await expect(refusal("w".repeat(65), { maxLength: 64 })).resolves.toBeInstanceOf(PasswordTooLong);
    await expect(checkPassword("zz", { minLength: 6 })).rejects.toThrow(RangeError);
    await expect(checkPassword("zzzzzzzzzz", { maxLength: 32 })).rejects.toThrow(RangeError);
  });
});

describe("common passwords", () => {
  test("the shipped list has at least 10,000 entries, none shorter than 8 characters", () => {
    const entries = commonPasswords.split("\n");
    expect(entries.length).toBeGreaterThanOrEqual(10_000);
    expect(entries.every((entry) => passwordLength(entry) >= 8)).toBe(true);
  });

  test.each(["password", "Password", "PASSWORD", "baseball", "iloveyou", "qwertyuiop", "1qaz2wsx", "trustno1"])(
    "%s is refused with PasswordCommon",
    async (password) => {
      const error = await refusal(password);
      expect(error).toBeInstanceOf(PasswordCommon);
      expect(error).toMatchObject({ type: "PasswordCommon" });
      expect((error as Error).message).toMatch(/common/);
    },
  );

  test("fullwidth letters normalise (NFKC) to a listed password and are refused", async () => {
    await expect(refusal("ｐａｓｓｗｏｒｄ")).resolves.toBeInstanceOf(PasswordCommon);
  });

  test("an entry deep in the list is found, a password outside it is not", async () => {
    const entries = commonPasswords.split("\n");
    await expect(isCommonPassword(entries[entries.length - 1]!)).resolves.toBe(true);
    await expect(isCommonPassword("violet staircase 42")).resolves.toBe(false);
  });

  test("the list check can be turned off", async () => {
    await expect(checkPassword("password", { refuseCommon: false })).resolves.toBe("password");
  });
});
