/** The module's `basePath` option: a path, without its trailing slashes; anything else is refused at build time. */
import { describe, expect, it } from "vitest";
import { InvalidBasePathError, normalizedBasePath } from "../src/module.js";

describe("normalizedBasePath", () => {
  it("keeps a path and drops its trailing slashes", () => {
    expect(normalizedBasePath("/api/auth")).toBe("/api/auth");
    expect(normalizedBasePath("/auth/")).toBe("/auth");
  });

  it.each(["", "/", "api/auth", "//other.example/auth", "/api auth", "/api/**"])("refuses %j", (basePath) => {
    expect(() => normalizedBasePath(basePath)).toThrow(InvalidBasePathError);
  });
});
