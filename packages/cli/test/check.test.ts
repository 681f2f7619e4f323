import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { appFolder, buildCli, latch, repoRoot } from "./run-cli.js";

beforeAll(buildCli, 180_000);

const goodSecret = "k3y-0f-at-least-thirty-two-characters-long";

/** An app folder with `files` written into it. */
function app(files: Record<string, string>): string {
  const dir = appFolder();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("latch check", () => {
  test("the Express example app's config passes as it is run in production (exit 0)", async () => {
    const result = await latch(["check"], join(repoRoot, "apps/example-express"), { AUTH_SECRET: goodSecret, AUTH_URL: "https://app.example.com", NODE_ENV: "production" });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("apps/example-express/src/auth.ts");
    expect(result.stdout).toContain("No problem found.");
  });

  test("a config that holds in production passes, with the callback URL to register", async () => {
    const dir = app({
      "auth.mjs": `import GitHub from "@latch/core/providers/github"
export default { providers: [GitHub] }`,
    });
    const result = await latch(["check"], dir, { AUTH_SECRET: goodSecret, AUTH_URL: "https://app.example.com", AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" });
    expect(result.stdout).toContain("No problem found");
    expect(result.stdout).toMatch(/github\s+https:\/\/app\.example\.com\/auth\/callback\/github/);
    expect(result.code).toBe(0);
  });

  test("lists the tables and columns the config's plugins need", async () => {
    const dir = app({
      "auth.mjs": `import Credentials from "@latch/core/providers/credentials"
import { definePlugin } from "@latch/core/plugins"
const notes = definePlugin({ id: "notes", schema: [{ table: "notes", columns: { user_id: "text", body: "text" } }] })
export default { providers: [Credentials({ authorize: () => null })], plugins: [notes] }`,
    });
    const result = await latch(["check"], dir, { AUTH_SECRET: goodSecret, AUTH_URL: "https://app.example.com" });
    expect(result.stdout).toContain("notes (notes): user_id text, body text");
    expect(result.code).toBe(0);
  });

  test("reports each problem with core's error type and exits 1", async () => {
    const dir = app({
      "auth.config.mjs": `import GitHub from "@latch/core/providers/github"
import Nodemailer from "@latch/core/providers/nodemailer"
export const authConfig = { providers: [GitHub, Nodemailer({ server: "smtp://localhost:2525" })] }`,
    });
    const result = await latch(["check"], dir, {});
    expect(result.code).toBe(1);
    const codes = [...result.stdout.matchAll(/✗ (\w+):/g)].map((m) => m[1]);
    expect(codes).toEqual(["MissingSecret", "UntrustedHost", "MissingAdapter", "OAuthSignInError", "OAuthCallbackError", "EmailSignInError"]);
    expect(result.stdout).toContain("AUTH_GITHUB_ID");
    expect(result.stdout).toContain("no-reply@example.com");
    // Core refused the config, so the callback URL is built as core builds it, on the placeholder origin.
    expect(result.stdout).toMatch(/github\s+http:\/\/localhost:3000\/auth\/callback\/github/);
  });

  test("passkeys: the experimental flag first, then the adapter's methods (core's order)", async () => {
    const passkey = `import Passkey from "@latch/core/providers/passkey"\n`;
    const off = app({ "auth.mjs": `${passkey}export default { providers: [Passkey()] }` });
    const env = { AUTH_SECRET: goodSecret, AUTH_URL: "https://app.example.com" };
    expect((await latch(["check"], off, env)).stdout).toContain("✗ ExperimentalFeatureNotEnabled:");
    const on = app({ "auth.mjs": `${passkey}export default { adapter: {}, experimental: { enableWebAuthn: true }, providers: [Passkey()] }` });
    const result = await latch(["check"], on, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ MissingAdapterMethods: .*createAuthenticator/);
  });

  test("an HTTP mail service without its API key", async () => {
    const dir = app({
      "auth.mjs": `import Resend from "@latch/core/providers/resend"
export default { adapter: {}, providers: [Resend({ from: "Acme <login@acme.test>" })] }`,
    });
    const missing = await latch(["check"], dir, { AUTH_SECRET: goodSecret, AUTH_URL: "https://acme.test" });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('EmailSignInError: The email provider "resend" has no apiKey');
    expect(missing.stdout).toContain("AUTH_RESEND_KEY");
    const given = await latch(["check"], dir, { AUTH_SECRET: goodSecret, AUTH_URL: "https://acme.test", AUTH_RESEND_KEY: "re_123" });
    expect(given.stdout).not.toContain("apiKey");
  });

  test("Nodemailer without a server (EMAIL_SERVER unset) is a MissingEmailTransport", async () => {
    const dir = app({
      "auth.mjs": `import Nodemailer from "@latch/core/providers/nodemailer"
export default { adapter: { createVerificationToken() {}, useVerificationToken() {}, getUserByEmail() {} }, providers: [Nodemailer({ server: process.env.EMAIL_SERVER, from: "Acme <login@acme.test>" })] }`,
    });
    const env = { AUTH_SECRET: goodSecret, AUTH_URL: "https://acme.test" };
    const missing = await latch(["check"], dir, env);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('MissingEmailTransport: The email provider "nodemailer" has no `server`');
    const given = await latch(["check"], dir, { ...env, EMAIL_SERVER: "smtp://127.0.0.1:2525" });
    expect(given.stdout).not.toContain("MissingEmailTransport");
  });

  test("an AUTH_URL with a path: that path is the base path of the callback URLs", async () => {
    const dir = app({ "auth.mjs": `import GitHub from "@latch/core/providers/github"\nexport default { providers: [GitHub({ clientId: "a", clientSecret: "b" })] }` });
    const result = await latch(["check"], dir, { AUTH_SECRET: goodSecret, AUTH_URL: "https://app.example.com/api/auth" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/github\s+https:\/\/app\.example\.com\/api\/auth\/callback\/github\n/);
  });

  test("outside production the host is trusted (NODE_ENV set by the app), and the URLs use a placeholder origin", async () => {
    const dir = app({ "auth.mjs": `import GitHub from "@latch/core/providers/github"\nexport default { providers: [GitHub({ clientId: "a", clientSecret: "b" })] }` });
    const result = await latch(["check"], dir, { NODE_ENV: "development", AUTH_SECRET: goodSecret });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("http://localhost:3000/auth/callback/github");
    expect(result.stdout).toContain("set AUTH_URL");
  });

  test("a short secret and the password provider without an adapter", async () => {
    const dir = app({
      "auth.mjs": `import Password from "@latch/core/providers/password"
export default { secret: "too-short", trustHost: true, providers: [Password()] }`,
    });
    const result = await latch(["check"], dir, {});
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/MissingSecret: A secret is 9 characters long/);
    expect(result.stdout).toMatch(/MissingAdapter: The password provider "password"/);
  });

  test("a TypeScript config module loads (through tsx on Node versions without type stripping)", async () => {
    const dir = app({
      "auth.ts": `import Credentials from "@latch/core/providers/credentials"
import type { AuthConfig } from "@latch/core"
export const authConfig: AuthConfig = { providers: [Credentials({ authorize: async () => null })] }`,
    });
    const result = await latch(["check"], dir, { AUTH_SECRET: goodSecret, AUTH_URL: "https://app.example.com" });
    expect(result.stdout).toContain("No problem found");
    expect(result.code).toBe(0);
  });

  test("ends although the config module keeps something open (a pool, a timer)", async () => {
    const dir = app({ "auth.mjs": `setInterval(() => {}, 1000)\nexport default { secret: "${goodSecret}", trustHost: true, providers: [] }` });
    const result = await latch(["check"], dir, {});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("No problem found");
  });

  test("a missing or broken module exits 3, naming it", async () => {
    const dir = app({ "broken.mjs": `throw new Error("boom")`, "empty.mjs": `export const x = 1` });
    for (const [args, text] of [[["check"], "No config module found"], [["check", "--config", "nope.mjs"], "No config module at nope.mjs"], [["check", "--config", "broken.mjs"], "boom"], [["check", "--config", "empty.mjs"], "exports no config"]] as const) {
      const result = await latch([...args], dir, {});
      expect(result.code, args.join(" ")).toBe(3);
      expect(result.stderr).toContain(text);
    }
  });
});
