/** The double-submit CSRF cookie, the request-source rule and the sealed check cookies, driven directly. */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { csrfPasses, readCsrf, requestSource } from "../../src/security/request-checks.js";
import { checkMaxAge, openCheck, sealCheck } from "../../src/security/check-cookie.js";
import { openToken } from "../token-format.js";

const cookie = { name: "authjs.csrf-token", options: { httpOnly: true, sameSite: "lax" as const, path: "/" } };
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

describe("CSRF cookie", () => {
  test("a missing cookie gets a new 32-byte token hashed with the first secret", async () => {
    const state = await readCsrf(undefined, ["first", "second"], cookie);
    expect(state.token).toMatch(/^[0-9a-f]{64}$/);
    expect(state.cookieValid).toBe(false);
    expect(state.cookie).toEqual({ name: cookie.name, value: `${state.token}|${sha(`${state.token}first`)}`, options: cookie.options });
  });

  test("a cookie hashed with any of the secrets is valid and kept", async () => {
    expect(await readCsrf(`abc|${sha("abcsecond")}`, ["first", "second"], cookie)).toEqual({ token: "abc", cookieValid: true });
    expect(await readCsrf(`abc|${sha("abcfirst")}`, ["first", "second"], cookie)).toEqual({ token: "abc", cookieValid: true });
  });

  test.each([
    ["a wrong hash", `abc|${sha("abcother")}`],
    ["no separator", `abc${sha("abcfirst")}`],
    ["no token", `|${sha("first")}`],
    ["no hash", "abc|"],
    ["the hash of another token", `abd|${sha("abcfirst")}`],
    ["an empty cookie", ""],
  ])("%s: a new token", async (_what, value) => {
    const state = await readCsrf(value, ["first"], cookie);
    expect(state.cookieValid).toBe(false);
    expect(state.token).not.toBe("abc");
    expect(state.cookie?.value).toBe(`${state.token}|${sha(`${state.token}first`)}`);
  });

  test("a request passes only with a valid cookie and the same token in its body", async () => {
    const valid = await readCsrf(`abc|${sha("abcfirst")}`, ["first"], cookie);
    expect(csrfPasses(valid, "abc")).toBe(true);
    expect(csrfPasses(valid, "abd")).toBe(false);
    expect(csrfPasses(valid, undefined)).toBe(false);
    expect(csrfPasses(valid, ["abc"])).toBe(false);
    expect(csrfPasses({ token: "abc", cookieValid: false }, "abc")).toBe(false);
  });
});

describe("request source", () => {
  const site = "https://App.example";
  const source = (headers: Record<string, string>) => requestSource(new Headers(headers), site);
  test("Origin decides when present", () => {
    expect(source({ origin: " https://app.EXAMPLE " })).toBe("same-origin");
    expect(source({ origin: "https://evil.example", "sec-fetch-site": "same-origin" })).toBe("elsewhere");
    expect(source({ origin: "null" })).toBe("elsewhere");
    expect(source({ origin: "" })).toBe("elsewhere");
  });
  test("then Sec-Fetch-Site; with neither, unknown", () => {
    expect(source({ "sec-fetch-site": " Same-Origin " })).toBe("same-origin");
    expect(source({ "sec-fetch-site": "same-site" })).toBe("elsewhere");
    expect(source({ "sec-fetch-site": "" })).toBe("elsewhere");
    expect(source({})).toBe("unknown");
  });
});

describe("check cookies", () => {
  const secrets = ["check-secret-0123456789abcdefghij", "older-secret-0123456789abcdefghij"];
  const refuse = (problem: string, err?: Error) => Object.assign(new Error(problem), { type: "InvalidCheck", problem, err }) as never;

  test("sealed for the provider with the first secret, salted with the cookie name, for 15 minutes", async () => {
    const sealed = await sealCheck(secrets, "authjs.state", "op", { value: "v" });
    const { claims } = await openToken(sealed, secrets[0]!, "authjs.state");
    expect(claims).toMatchObject({ value: "v", provider: "op" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(checkMaxAge);
    expect(checkMaxAge).toBe(900);
    expect(await openCheck(secrets, "authjs.state", sealed, "op", refuse)).toMatchObject({ value: "v", provider: "op" });
  });

  test("missing, unreadable, or another provider's: refused with the reason", async () => {
    const sealed = await sealCheck(secrets, "authjs.state", "op", { value: "v" });
    await expect(openCheck(secrets, "authjs.state", undefined, "op", refuse)).rejects.toMatchObject({ problem: "missing" });
    await expect(openCheck(secrets, "authjs.state", "", "op", refuse)).rejects.toMatchObject({ problem: "missing" });
    const unreadable = await openCheck(secrets, "authjs.nonce", sealed, "op", refuse).catch((e: unknown) => e);
    expect(unreadable).toMatchObject({ problem: "unreadable", err: expect.any(Error) });
    await expect(openCheck(["another-secret-0123456789abcdefghij"], "authjs.state", sealed, "op", refuse)).rejects.toMatchObject({ problem: "unreadable" });
    await expect(openCheck(secrets, "authjs.state", sealed, "gh", refuse)).rejects.toMatchObject({ problem: "other provider" });
  });

  test("a provider field in the payload cannot override the provider", async () => {
    const sealed = await sealCheck(secrets, "authjs.state", "op", { provider: "gh" });
    await expect(openCheck(secrets, "authjs.state", sealed, "gh", refuse)).rejects.toMatchObject({ problem: "other provider" });
  });

  test("opened with an older secret after a rotation", async () => {
    const sealed = await sealCheck([secrets[1]!], "authjs.state", "op", {});
    expect(await openCheck(secrets, "authjs.state", sealed, "op", refuse)).toMatchObject({ provider: "op" });
  });
});
