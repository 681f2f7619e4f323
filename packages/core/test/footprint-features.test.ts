/**
 * A feature an app does not configure adds nothing to its bundle. Core finds the configured
 * features by one symbol (`featureCode`) and reaches each through its record (types/feature.ts),
 * so no line of core names one. Checked on what esbuild bundles for `Auth` + `Credentials` (and
 * GitHub), one file and the first chunk, as footprint.test.ts bundles them:
 *
 * - no module of the feature's folder is in it;
 * - none of the feature's names is in its code: the option's name read as a property or written
 *   as a key (`.admin`, `admin:`), the first segments of its rows written as a row (`"… admin"`,
 *   `"… admin/…"`), the other names core used to read (the session's organization), and the
 *   English sentences it carries;
 * - in a bundle that imports every feature, each feature's modules are there and the rows of all
 *   its first segments are found, and each option's patterns find the line that copies or reads
 *   the option once minified (`admin: config.admin`), so a pattern that finds nothing fails here
 *   instead of passing silently.
 *
 * A line such as `admin: config.admin` in the resolved config, a feature's row or reserved path in
 * the core table, or `ctx.apiKeys` in the router fails this test. `session.revocation` is not a
 * feature record but a seam of the JWT session (an interface an app may implement), which the
 * session's read and start call.
 */
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { describe, expect, test } from "vitest";
import { bundleSize } from "../../../bench/bundle-size.js";
import { adminEnglish } from "../src/features/admin/english.js";
import { apiKeyEnglish } from "../src/features/api-keys/english.js";
import { organizationEnglish } from "../src/features/organizations/english.js";
import { passwordEnglish } from "../src/features/passwords/english.js";
import { secondFactorEnglish } from "../src/features/second-factors/english.js";
import { sessionControlEnglish } from "../src/features/session-control/english.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));

interface Feature {
  /** Its folder under features/. */
  folder: string;
  /** Its names in minified code. */
  names: RegExp[];
  /** The English sentences it carries. */
  english?: RegExp[];
}

/** The option's name, read as a property (`e.admin`, `e?.admin`, not a style's `.links`) or written as a key. */
const option = (name: string) => [new RegExp(`[\\w$)\\]?]\\.${name}\\b`), new RegExp(`[{,]${name}:`)];
const optionNames = ["control", "links", "secondFactor", "accessTokens", "bearer", "apiKeys", "admin", "organizations", "audit", "scim"];
/** A row of its first segment, as `row()` specs are written ("GET,POST json none sessions", "… sessions/revoke"). */
const segment = (name: string) => new RegExp(`["'\`](?:[A-Z,]+ )?(?:json|page) (?:none|token|handler) ${name}(?:[/"'\`])`);

/**
 * The English sentences a feature carries, as they stand in minified code: those of ASCII only
 * (esbuild writes other characters as escapes) and long enough to be the feature's own.
 */
const sentences = (english: Readonly<Record<string, string>>) =>
  Object.values(english)
    .filter((sentence) => sentence.length >= 16 && /^[\x20-\x7e]+$/.test(sentence))
    .map((sentence) => new RegExp(sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));

const features: Record<string, Feature> = {
  SessionControl: { folder: "session-control", names: [...option("control"), segment("sessions")], english: sentences(sessionControlEnglish) },
  AccountLinks: { folder: "account-links", names: [...option("links"), segment("link"), segment("unlink")] },
  SecondFactors: { folder: "second-factors", names: [...option("secondFactor"), segment("second-factor")], english: sentences(secondFactorEnglish) },
  AccessTokens: { folder: "access-tokens", names: [...option("accessTokens"), segment("token"), segment("jwks")] },
  BearerSessions: { folder: "bearer-sessions", names: [...option("bearer"), segment("bearer")] },
  ApiKeys: { folder: "api-keys", names: [...option("apiKeys"), segment("api-keys")], english: sentences(apiKeyEnglish) },
  Admin: { folder: "admin", names: [...option("admin"), segment("admin")], english: sentences(adminEnglish) },
  Organizations: { folder: "organizations", names: [...option("organizations"), /[\w$)\]?]\.activeOrganization\b/, segment("organizations")], english: sentences(organizationEnglish) },
  AuditTrail: { folder: "audit", names: [...option("audit"), segment("audit")] },
  Scim: { folder: "scim", names: [...option("scim"), segment("scim"), /urn:ietf:params:scim/] },
  Password: {
    folder: "passwords",
    // Besides its rows: its parts of the sign-in page (the links, the button's key, the notices' query).
    names: [segment("signup"), segment("verify-email"), segment("password"), segment("email"), /\/password\/forgot/, /\bsignInPasswordSubmit\b/, /\bemailChangeCancelled\b/],
    english: sentences(passwordEnglish),
  },
};

/**
 * The features that carry no rows and no option name core could read: their code comes with the
 * import that turns them on (`JwtRevocation()`, `Passkey()`, a language of the pages), so only
 * their modules are looked for, each with the import that brings it.
 */
const moduleOnlyFeatures: Record<string, { folder: string; entry: string }> = {
  JwtRevocation: { folder: "revocation", entry: `export { JwtRevocation } from "@latch/core/revocation";` },
  Passkey: { folder: "passkeys", entry: `export { default as Passkey } from "@latch/core/providers/passkey";` },
  Languages: { folder: "languages", entry: `export { default as fr } from "@latch/core/languages/fr";` },
};

const credentials = `export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`;
const github = `${credentials} export { default as GitHub } from "@latch/core/providers/github";`;
const everyFeature = `${credentials}
export { SessionControl } from "@latch/core/sessions"; export { AccountLinks } from "@latch/core/accounts";
export { SecondFactors } from "@latch/core/second-factors"; export { AccessTokens } from "@latch/core/access-tokens";
export { BearerSessions } from "@latch/core/bearer"; export { ApiKeys } from "@latch/core/api-keys"; export { Admin } from "@latch/core/admin";
export { Organizations } from "@latch/core/organizations"; export { AuditTrail } from "@latch/core/audit"; export { Scim } from "@latch/core/scim"; export { default as Password } from "@latch/core/providers/password";`;

const found = (code: string, feature: Feature) => [...feature.names, ...(feature.english ?? [])].filter((name) => name.test(code)).map(String);

describe("a feature that is not configured adds nothing to the bundle", { timeout: 120_000 }, () => {
  test.each([
    { what: "Auth + Credentials", entry: credentials, splitting: false },
    { what: "Auth + Credentials", entry: credentials, splitting: true },
    { what: "Auth + GitHub + Credentials", entry: github, splitting: false },
    { what: "Auth + GitHub + Credentials", entry: github, splitting: true },
  ])("$what, code splitting $splitting: no module and no name of any feature", async ({ entry, splitting }) => {
    const { inputs, code } = await bundleSize(entry, root, splitting, { source: true });
    expect(inputs.some((i) => /core\/src\/auth\.ts$/.test(i))).toBe(true);
    const present = Object.fromEntries(
      Object.entries(features).map(([name, feature]) => [name, [...inputs.filter((i) => i.includes(`core/src/features/${feature.folder}/`)), ...found(code, feature)]]),
    );
    expect(present).toEqual(Object.fromEntries(Object.keys(features).map((name) => [name, []])));
    const modules = Object.fromEntries(Object.entries(moduleOnlyFeatures).map(([name, { folder }]) => [name, inputs.filter((i) => i.includes(`core/src/features/${folder}/`))]));
    expect(modules).toEqual(Object.fromEntries(Object.keys(moduleOnlyFeatures).map((name) => [name, []])));
  });

  test.each(Object.entries(moduleOnlyFeatures))("%s: its modules are in a bundle that imports it", async (_name, { folder, entry }) => {
    const { inputs } = await bundleSize(`${credentials} ${entry}`, root, false, { source: true });
    expect(inputs.some((i) => i.includes(`core/src/features/${folder}/`))).toBe(true);
  });

  test("each option's patterns find a line of core that copies or reads the option, minified", async () => {
    for (const name of optionNames) {
      const line = `export const context = (config, ctx) => ({ ${name}: config.${name}, on: !!ctx.session?.${name} });`;
      const { code } = await transform(line, { minify: true, format: "esm" });
      expect(option(name).filter((pattern) => !pattern.test(code)).map(String), code).toEqual([]);
    }
  });

  test("the rows of every feature are found in a bundle that imports every feature", async () => {
    const { inputs, code } = await bundleSize(everyFeature, root, false, { source: true });
    for (const [name, feature] of Object.entries(features)) {
      expect(inputs.some((i) => i.includes(`core/src/features/${feature.folder}/`)), name).toBe(true);
      const rows = feature.names.filter((pattern) => pattern.source.includes("(?:json|page)")).map(String);
      expect(rows.length, name).toBeGreaterThan(0);
      expect(found(code, feature), name).toEqual(expect.arrayContaining(rows));
      // A one-file bundle inlines the loader of a feature's English: each of its sentences is found.
      expect((feature.english ?? []).filter((pattern) => !pattern.test(code)).map(String), name).toEqual([]);
    }
  });
});
