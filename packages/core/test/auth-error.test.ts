/** The error classes behave as Auth.js's do for code written against them (see authjs-error-code.ts). */
import { describe, expect, test } from "vitest";
import { AuthError, CredentialsSignin } from "@latch/core";
import { AccessDenied, MissingSecret, MissingSecretError } from "@latch/core/errors";
import { InvalidLogin, Locked, PaymentRequired, describeError, missingSecret, optionsOnly, plain, withCause } from "./authjs-error-code.js";

describe("AuthError, as Auth.js code uses it", () => {
  test("new AuthError(message) has type AuthError, its message and a stack", () => {
    expect(plain).toBeInstanceOf(Error);
    expect(plain.type).toBe("AuthError");
    expect(plain.name).toBe("AuthError");
    expect(plain.message).toBe("Something went wrong");
    expect(plain.stack).toContain("Something went wrong");
  });

  test("a subclass without a type is an AuthError named after itself", () => {
    const error = new PaymentRequired("pay first");
    expect(error).toBeInstanceOf(AuthError);
    expect(error.type).toBe("AuthError");
    expect(error.name).toBe("PaymentRequired");
  });

  test("a subclass's static type becomes the instance's type", () => {
    expect(new Locked().type).toBe("AccessDenied");
    expect(describeError(new AccessDenied())).toBe("AccessDenied");
  });

  test("CredentialsSignin subclasses keep their code and type", () => {
    const error = new InvalidLogin();
    expect(error).toBeInstanceOf(CredentialsSignin);
    expect([error.type, error.code]).toEqual(["CredentialsSignin", "invalid_login"]);
  });

  test("both constructor forms keep the cause", () => {
    expect(withCause.message).toBe("wrapped");
    expect(withCause.cause?.err?.message).toBe("root");
    expect(optionsOnly.cause?.err?.message).toBe("root");
  });

  test("MissingSecretError is the MissingSecret class, type MissingSecret", () => {
    expect(MissingSecretError).toBe(MissingSecret);
    expect(missingSecret).toBeInstanceOf(MissingSecretError);
    expect(missingSecret.type).toBe("MissingSecret");
  });
});
