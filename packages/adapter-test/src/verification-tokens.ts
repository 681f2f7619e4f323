import { describe, expect, test } from "vitest";
import { need } from "./context.js";
import { newVerificationToken } from "./fixtures.js";
import type { AdapterTestOptions } from "./types.js";

/** Tests of createVerificationToken and useVerificationToken. */
export function verificationTokenTests(options: AdapterTestOptions): void {
  const { db } = options;

  describe("verification tokens", () => {
    test("createVerificationToken stores the token", async () => {
      const adapter = need(options, "createVerificationToken");
      const token = newVerificationToken();
      const created = await adapter.createVerificationToken(token);
      if (created) expect(created).toMatchObject(token);
      const stored = await db.verificationToken(token);
      expect(stored).toMatchObject(token);
      expect(stored?.expires).toBeInstanceOf(Date);
    });

    test("useVerificationToken returns the token once, then null", async () => {
      const adapter = need(options, "createVerificationToken", "useVerificationToken");
      const token = newVerificationToken();
      await adapter.createVerificationToken(token);
      const used = await adapter.useVerificationToken({ identifier: token.identifier, token: token.token });
      expect(used).toMatchObject(token);
      expect(used?.expires).toBeInstanceOf(Date);
      expect(await db.verificationToken(token)).toBeNull();
      expect(await adapter.useVerificationToken({ identifier: token.identifier, token: token.token })).toBeNull();
    });

    test("useVerificationToken needs both identifier and token to match", async () => {
      const adapter = need(options, "createVerificationToken", "useVerificationToken");
      const token = newVerificationToken();
      const other = newVerificationToken();
      await adapter.createVerificationToken(token);
      expect(await adapter.useVerificationToken({ identifier: other.identifier, token: token.token })).toBeNull();
      expect(await adapter.useVerificationToken({ identifier: token.identifier, token: other.token })).toBeNull();
      expect(await db.verificationToken(token)).toMatchObject(token);
    });
  });
}
