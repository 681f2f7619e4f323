/** `@latch/next/webauthn` looks for Latch under /api/auth, as next-auth/webauthn does. */
import { describe, expect, test } from "vitest";
import { signIn } from "../src/webauthn.js";

describe("@latch/next/webauthn", () => {
  // Outside a browser a path-only URL cannot be fetched: the error names the URL that was asked for.
  test("asks <basePath>/webauthn-options/<id> under /api/auth by default", async () => {
    await expect(signIn("passkey", { action: "authenticate" })).rejects.toThrow(/\/api\/auth\/webauthn-options\/passkey\?action=authenticate/);
  });

  test("an explicit basePath wins", async () => {
    await expect(signIn("passkey", { basePath: "/auth" })).rejects.toThrow(/\/auth\/webauthn-options\/passkey/);
  });
});
