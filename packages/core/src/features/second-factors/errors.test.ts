import { describe, expect, it } from "vitest";
import { AuthError, type ErrorType, type LatchError } from "../../all-errors.js";
import * as entry from "./index.js";
import {
  NotSignedIn, SecondFactorAttempts, SecondFactorEnrolled, SecondFactorFreshProof, SecondFactorInvalid, SecondFactorKind,
  SecondFactorNotEnrolled, SecondFactorRefusal,
} from "./errors.js";

const statuses = [
  [NotSignedIn, "NotSignedIn", 401],
  [SecondFactorInvalid, "SecondFactorInvalid", 400],
  [SecondFactorFreshProof, "SecondFactorFreshProof", 403],
  [SecondFactorAttempts, "SecondFactorAttempts", 429],
  [SecondFactorEnrolled, "SecondFactorEnrolled", 409],
  [SecondFactorNotEnrolled, "SecondFactorNotEnrolled", 404],
  [SecondFactorKind, "SecondFactorKind", 400],
] as const;

describe("the second-factor refusals", () => {
  it.each(statuses)("%o: a Latch error with its stable type and status", (Refusal, type, status) => {
    const error: LatchError = new Refusal("Refused.");
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toBeInstanceOf(SecondFactorRefusal);
    expect([error.type, Refusal.type, error.name]).toEqual([type, type, type]);
    expect((error as SecondFactorRefusal).status).toBe(status);
    expect(error.message).toBe("Refused.");
    const narrowed: ErrorType = error.type;
    expect(narrowed).toBe(type);
  });

  it("are exported from @latch/core/second-factors", () => {
    for (const [Refusal] of statuses) expect(Object.values(entry)).toContain(Refusal);
    expect(entry.SecondFactorRefusal).toBe(SecondFactorRefusal);
  });

  it("keeps the kind a wrong answer named, and NotSignedIn's message", () => {
    expect(new SecondFactorInvalid("Wrong.", "backup").kind).toBe("backup");
    expect(new SecondFactorInvalid("Wrong.").kind).toBeUndefined();
    expect(new NotSignedIn().message).toBe("Sign in first.");
  });
});
