/**
 * The pieces of the Express request conversion on their own: the origin (an unusable site URL
 * leaves the request's), the request target (origin-form, absolute-form, anything else refused)
 * and the mount path (plain and wildcard mounts). The conversion as a whole runs over a socket in
 * request-conversion.test.ts and express-auth.test.ts.
 */
import type { Request as ExpressRequest } from "express";
import { describe, expect, it } from "vitest";
import { InvalidRequest } from "@latch/core/errors";
import { mountPathOf, originOf, requestUrlOf } from "../src/request.js";

const req = (parts: Partial<Record<"originalUrl" | "baseUrl" | "path" | "protocol", string>> & { host?: string }) =>
  ({ ...parts, get: (name: string) => (name.toLowerCase() === "host" ? parts.host : undefined) }) as unknown as ExpressRequest;

describe("originOf", () => {
  it("siteUrl's origin wins; a siteUrl that is not a URL leaves the request's protocol and Host", () => {
    expect(originOf(req({ protocol: "http", host: "forged.example" }), "https://app.example/base")).toBe("https://app.example");
    expect(originOf(req({ protocol: "http", host: "127.0.0.1:3000" }), "not a url")).toBe("http://127.0.0.1:3000");
    expect(originOf(req({ protocol: "https", host: "app.example" }), undefined)).toBe("https://app.example");
    expect(() => originOf(req({ protocol: "http", host: "user@evil.example" }), undefined)).toThrow(InvalidRequest);
  });
});

describe("requestUrlOf", () => {
  const origin = "https://app.example";
  it("keeps the path and query of an origin-form target on the site's origin", () => {
    expect(requestUrlOf(req({ originalUrl: "/auth/session?a=1" }), origin).href).toBe("https://app.example/auth/session?a=1");
  });

  it("takes only the path and query of an absolute-form http(s) target", () => {
    expect(requestUrlOf(req({ originalUrl: "http://evil.example/auth/csrf?x=y" }), origin).href).toBe("https://app.example/auth/csrf?x=y");
    expect(requestUrlOf(req({ originalUrl: "HTTPS://evil.example:8443/auth/csrf" }), origin).href).toBe("https://app.example/auth/csrf");
  });

  it.each(["//evil.example/auth/session", "auth/session", "*", "ftp://evil.example/auth/session", "javascript:alert(1)", "1http://evil.example/auth"])(
    "refuses the target %j",
    (target) => {
      expect(() => requestUrlOf(req({ originalUrl: target }), origin)).toThrow(InvalidRequest);
    },
  );
});

describe("mountPathOf", () => {
  it.each([
    // A plain mount: the mount path as it stands, even when it ends with an action's name.
    [{ baseUrl: "/auth", path: "/session" }, "/auth"],
    [{ baseUrl: "/portal/signin", path: "/signin" }, "/portal/signin"],
    [{ baseUrl: "", path: "/session" }, ""],
    // A wildcard mount puts the whole path in baseUrl: the action (and a provider id) come off.
    [{ baseUrl: "/wild/auth/session", path: "/" }, "/wild/auth"],
    [{ baseUrl: "/wild/auth/signin/github", path: "/" }, "/wild/auth"],
    [{ baseUrl: "/wild/auth/callback/credentials/", path: "/" }, "/wild/auth"],
    // `email` is an action of its own (the address change), and a common provider id.
    [{ baseUrl: "/wild/auth/email/change/confirm", path: "/" }, "/wild/auth"],
    [{ baseUrl: "/wild/auth/email/change", path: "/" }, "/wild/auth"],
    [{ baseUrl: "/wild/auth/signin/email", path: "/" }, "/wild/auth"],
    [{ baseUrl: "/wild/auth/callback/email", path: "/" }, "/wild/auth"],
    // A wildcard mount at the root; and nothing to take off when no segment is an action.
    [{ baseUrl: "/session", path: "/" }, ""],
    [{ baseUrl: "/wild/auth/other", path: "/" }, "/wild/auth/other"],
    [{ baseUrl: "", path: "/" }, ""],
  ])("%j → %j", (parts, mount) => {
    expect(mountPathOf(req(parts))).toBe(mount);
  });
});
