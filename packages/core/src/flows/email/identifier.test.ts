import { describe, expect, test } from "vitest";
import { EmailSignInError } from "../../errors.js";
import { identifierOf } from "./identifier.js";

describe("identifierOf", () => {
  test("uses the provider's normalizer when there is one", () => {
    expect(identifierOf((id) => id.toUpperCase(), "a@b.c")).toBe("A@B.C");
  });

  test("a throwing normalizer, or one returning nothing usable or a line break, refuses", () => {
    expect(() => identifierOf(() => { throw new Error("no"); }, "a@b.c")).toThrow(EmailSignInError);
    expect(() => identifierOf(() => "", "a@b.c")).toThrow(EmailSignInError);
    expect(() => identifierOf(() => "a@b.c\r\nBcc: x@y.z", "a@b.c")).toThrow(EmailSignInError);
    expect(() => identifierOf((id) => id, undefined)).toThrow(EmailSignInError);
  });
});
