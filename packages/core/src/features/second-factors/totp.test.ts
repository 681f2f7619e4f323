import { describe, expect, test } from "vitest";
import { codeHash, newBackupCode, newEmailCode, normalizeCode } from "./codes.js";
import { matchingStep, stepAt, totpCode, totpUri } from "./totp.js";

// RFC 6238 appendix B: the SHA-1 key is the ASCII of "12345678901234567890"; the 8-digit codes
// there end with these 6 digits (a 6-digit code is the same value modulo 10^6).
const rfcKey = new TextEncoder().encode("12345678901234567890");
const vectors: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP", () => {
  test.each(vectors)("RFC 6238 at T = %i s gives %s", (seconds, code) => {
    expect(totpCode(rfcKey, stepAt(seconds * 1000))).toBe(code);
  });

  test("the previous, current and next step match; two steps away does not", () => {
    const now = 1111111111 * 1000;
    const step = stepAt(now);
    expect(matchingStep(rfcKey, totpCode(rfcKey, step - 1), now)).toBe(step - 1);
    expect(matchingStep(rfcKey, "050471", now)).toBe(step);
    expect(matchingStep(rfcKey, totpCode(rfcKey, step + 1), now)).toBe(step + 1);
    expect(matchingStep(rfcKey, totpCode(rfcKey, step + 2), now)).toBeNull();
    expect(matchingStep(rfcKey, totpCode(rfcKey, step - 2), now)).toBeNull();
    expect(matchingStep(rfcKey, "05047", now)).toBeNull();
    expect(matchingStep(rfcKey, "", now)).toBeNull();
  });

  test("the otpauth URI names issuer and account, and carries the key in base32", () => {
    const uri = new URL(totpUri("Acme Inc", "ada@example.com", rfcKey));
    expect(uri.href.startsWith("otpauth://totp/Acme%20Inc:ada%40example.com?")).toBe(true);
    expect(uri.searchParams.get("secret")).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(uri.searchParams.get("issuer")).toBe("Acme Inc");
  });
});

describe("backup and email codes", () => {
  test("backup codes: 12 characters of the 32-letter alphabet, no i, l, o or 0, all different", () => {
    const codes = Array.from({ length: 200 }, newBackupCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z1-9]{4}-[a-hjkmnp-z1-9]{4}-[a-hjkmnp-z1-9]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test("a code is compared as typed without case, spaces and dashes", async () => {
    expect(normalizeCode(" AbCd-efgh jkmn ")).toBe("abcdefghjkmn");
    expect(await codeHash("ABCD-EFGH-JKMN")).toBe(await codeHash("abcdefghjkmn"));
    expect(await codeHash("abcd-efgh-jkmn")).not.toBe(await codeHash("abcd-efgh-jkmp"));
  });

  test("email codes are 6 digits, leading zeros kept", () => {
    const codes = Array.from({ length: 500 }, newEmailCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(450);
  });
});
