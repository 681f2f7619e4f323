/** Configuration: environment defaults without writing into the user's config, basePath, exports. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import GitHub from "@latch/core/providers/github";
import { prepareConfig, type NextAuthConfig } from "../src/config.js";

describe("prepareConfig", () => {
  test("fills secret, site URL and provider variables from the environment, and leaves the user's object alone", () => {
    const config: NextAuthConfig = { providers: [GitHub], callbacks: { authorized: () => true } };
    const before = JSON.stringify(config);
    const prepared = prepareConfig(config, { AUTH_SECRET: "s".repeat(40), AUTH_URL: "https://app.example", AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "shh" });
    expect(prepared.config.secret).toBe("s".repeat(40));
    expect(prepared.config.siteUrl).toBe("https://app.example");
    expect(prepared.config.basePath).toBe("/api/auth");
    expect(JSON.stringify(prepared.config.providers)).toContain('"clientId":"id"');
    expect(JSON.stringify(config)).toBe(before);
    expect(config.secret).toBeUndefined();
    // authorized stays with the integration; core never sees it.
    expect(prepared.authorized).toBeTypeOf("function");
    expect(prepared.config.callbacks).not.toHaveProperty("authorized");
  });

  test("AUTH_URL's path gives basePath; a config's basePath wins", () => {
    expect(prepareConfig({ providers: [] }, { AUTH_URL: "https://app.example/custom/auth" }).config.basePath).toBe("/custom/auth");
    expect(prepareConfig({ providers: [], basePath: "/auth" }, {}).config.basePath).toBe("/auth");
  });

  test("the same config object is prepared once", () => {
    const config: NextAuthConfig = { providers: [] };
    expect(prepareConfig(config, {})).toBe(prepareConfig(config, {}));
  });
});

describe("the exports map mirrors next-auth's", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { exports: Record<string, unknown> };
  test("., /react, /providers/*, /jwt, /adapters, /webauthn", () => {
    for (const path of [".", "./react", "./providers", "./providers/*", "./jwt", "./adapters", "./webauthn"]) expect(pkg.exports).toHaveProperty([path]);
  });

  test("every provider of @latch/core has its @latch/next/providers/<id> module", () => {
    const core = readdirSync(new URL("../../core/src/providers/", import.meta.url)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !["types.ts", "index.ts"].includes(f) && !f.startsWith("test-"));
    const next = readdirSync(new URL("../src/providers/", import.meta.url));
    expect(core.length).toBeGreaterThan(30);
    for (const file of core) expect(next, file).toContain(file);
  });

  test("a provider imported the next-auth way is the core provider", async () => {
    const viaNext = (await import("@latch/next/providers/github")).default;
    expect(viaNext).toBe(GitHub);
  });
});
