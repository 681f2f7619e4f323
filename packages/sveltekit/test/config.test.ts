/**
 * The config the integration hands to core: environment defaults, `basePath` from SvelteKit's
 * `base`, a trusted host only in development (or by the environment), the origin check on, and
 * the user's object never written to.
 */
import { describe, expect, it } from "vitest";
import { originCheck, skipCSRFCheck } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { prepareConfig } from "../src/config.js";
import type { SvelteKitAuthConfig } from "../src/types.js";

const env = { AUTH_SECRET: "s".repeat(40) };
const user = (): SvelteKitAuthConfig => ({ providers: [Credentials({ authorize: () => null })] });

describe("prepareConfig", () => {
  it("fills secret and basePath (base + /auth) without touching the user's config", () => {
    const config = user();
    const before = JSON.stringify(config);
    const ready = prepareConfig(config, { env, base: "/app", dev: false });
    expect(ready.secret).toBe(env.AUTH_SECRET);
    expect(ready.basePath).toBe("/app/auth");
    expect(ready.csrfCheck).toBe(originCheck);
    expect(JSON.stringify(config)).toBe(before);
    expect(config.secret).toBeUndefined();
    expect(config.basePath).toBeUndefined();
  });

  it("defaults basePath to /auth, keeps the config's own, and AUTH_URL's path", () => {
    expect(prepareConfig(user(), { env, base: "", dev: false }).basePath).toBe("/auth");
    expect(prepareConfig({ ...user(), basePath: "/login/" }, { env, base: "", dev: false }).basePath).toBe("/login");
    expect(prepareConfig(user(), { env: { ...env, AUTH_URL: "https://app.example/account" }, base: "", dev: false }).basePath).toBe("/account");
  });

  it("trusts the host in development; in production only as the environment says", () => {
    expect(prepareConfig(user(), { env: { ...env, NODE_ENV: "production" }, base: "", dev: true }).trustHost).toBe(true);
    expect(prepareConfig(user(), { env: { ...env, NODE_ENV: "production" }, base: "", dev: false }).trustHost).toBe(false);
    expect(prepareConfig(user(), { env: { ...env, NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, base: "", dev: false }).trustHost).toBe(true);
    expect(prepareConfig({ ...user(), trustHost: false }, { env, base: "", dev: true }).trustHost).toBe(false);
  });

  it("leaves the CSRF check off when the app turned it off with skipCSRFCheck", () => {
    const ready = prepareConfig({ ...user(), skipCSRFCheck }, { env, base: "", dev: false });
    expect(ready.csrfCheck).toBeUndefined();
  });

  it("prepares a config object once per base and mode (core's caches stay warm)", () => {
    const config = user();
    const kit = { env, base: "", dev: false };
    expect(prepareConfig(config, kit)).toBe(prepareConfig(config, kit));
    expect(prepareConfig(config, kit)).not.toBe(prepareConfig(config, { ...kit, base: "/x" }));
  });
});
