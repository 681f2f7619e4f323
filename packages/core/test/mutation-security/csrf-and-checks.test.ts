/** The double-submit CSRF cookie, the request-source rule, the CSRF requirement and the sealed check cookies, driven directly. */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { MissingCSRF } from "../../src/errors.js";
import { csrfOf, csrfPasses, readCsrf, requestSource, requireCsrf, type CsrfSettings } from "../../src/security/request-checks.js";
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

describe("requireCsrf", () => {
  const site = "https://app.example";
  const settings = (more: Partial<CsrfSettings> = {}): CsrfSettings => ({
    skipCSRFCheck: false,
    csrfCheck: "token",
    origin: site,
    secrets: ["first", "second"],
    cookies: { csrfToken: cookie },
    ...more,
  });
  const refusal = (ctx: CsrfSettings, req: Parameters<typeof requireCsrf>[1]) => requireCsrf(ctx, req).then(() => null, (error: unknown) => error);
  const valid = { [cookie.name]: `abc|${sha("abcsecond")}` };

  test("with the check skipped, a request with neither token nor cookie passes", async () => {
    expect(await refusal(settings({ skipCSRFCheck: true }), { headers: new Headers({ origin: "https://evil.example" }), cookies: {} })).toBeNull();
  });

  test("a request without a body is refused for its token, not for the missing body", async () => {
    const error = await refusal(settings(), { headers: new Headers(), cookies: valid });
    expect(error).toBeInstanceOf(MissingCSRF);
    expect((error as Error).message).toBe("The CSRF token is missing or does not match its cookie.");
  });

  test("the token of a valid cookie repeated in the body passes; another token is refused", async () => {
    expect(await refusal(settings(), { headers: new Headers(), cookies: valid, body: { csrfToken: "abc" } })).toBeNull();
    const error = await refusal(settings(), { headers: new Headers(), cookies: valid, body: { csrfToken: "abd" } });
    expect(error).toBeInstanceOf(MissingCSRF);
  });

  test("origin check: the site's origin passes without a token, another origin is refused with its own message", async () => {
    expect(await refusal(settings({ csrfCheck: "origin" }), { headers: new Headers({ origin: site }), cookies: {} })).toBeNull();
    const error = await refusal(settings({ csrfCheck: "origin" }), { headers: new Headers({ origin: "https://evil.example" }), cookies: valid, body: { csrfToken: "abc" } });
    expect(error).toBeInstanceOf(MissingCSRF);
    expect((error as Error).message).toBe("The request was sent from another origin.");
    const unknown = await refusal(settings({ csrfCheck: "origin" }), { headers: new Headers(), cookies: {} });
    expect((unknown as Error).message).toBe("The CSRF token is missing or does not match its cookie.");
  });

  test("csrfOf reads the cookie named by the settings", async () => {
    expect(await csrfOf(settings(), { cookies: valid })).toEqual({ token: "abc", cookieValid: true });
    expect((await csrfOf(settings(), { cookies: { other: valid[cookie.name]! } })).cookieValid).toBe(false);
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
