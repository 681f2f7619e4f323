import { describe, expect, it } from "vitest";
import { bearerCredential } from "./authorization.js";

const read = (authorization?: string) => bearerCredential(new Headers(authorization === undefined ? {} : { authorization }));

describe("bearerCredential", () => {
  it("reads the token of any spelling of the scheme, padded or not", () => {
    expect(read("Bearer abc.DEF-_~+/")).toBe("abc.DEF-_~+/");
    expect(read("bearer  abc==")).toBe("abc==");
    expect(read("BEARER lk_0123456789abcdef_secret")).toBe("lk_0123456789abcdef_secret");
  });

  it("reads nothing from another scheme, an empty token, a token of other characters or one too long", () => {
    expect(read()).toBeUndefined();
    expect(read("Basic YWxpY2U6c2VjcmV0")).toBeUndefined();
    expect(read("Bearer")).toBeUndefined();
    expect(read('Bearer "quoted"')).toBeUndefined();
    expect(read("Bearer two tokens")).toBeUndefined();
    expect(read("Bearer a=b")).toBeUndefined();
    expect(read(`Bearer ${"a".repeat(16385)}`)).toBeUndefined();
    expect(read(`Bearer ${"a".repeat(16384)}`)).toHaveLength(16384);
  });
});
