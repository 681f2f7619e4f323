/**
 * You pay only for what you configure, checked deterministically (sizes, not timings):
 * - esbuild bundles `Auth` with a few providers the way edge platforms package an app; a
 *   credentials-only or GitHub app must not contain the WebAuthn library or its ASN.1 stack, nor
 *   any language of the pages but core's English, nor `Password()`'s sentences, and with code splitting their first chunk holds no
 *   OAuth, email, page, language or passkey code;
 *   every bundle stays within the budget in footprint/budgets.json;
 * - in a fresh process, importing Latch with the Passkey provider loads no WebAuthn library
 *   (and so installs no global Reflect.metadata); the first passkey request does.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { bundleSize } from "../../../bench/bundle-size.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const budgets = JSON.parse(readFileSync(new URL("./footprint/budgets.json", import.meta.url), "utf8")) as Record<string, { oneFile?: number; firstChunk?: number }>;

const entries = {
  credentials: `export { Auth } from "@latch/core"; export { default as Credentials } from "@latch/core/providers/credentials";`,
  github: `export { Auth } from "@latch/core"; export { default as GitHub } from "@latch/core/providers/github"; export { default as Credentials } from "@latch/core/providers/credentials";`,
  passkey: `export { Auth } from "@latch/core"; export { default as Passkey } from "@latch/core/providers/passkey";`,
  slim: `export { Auth } from "@latch/core/slim"; export { default as Credentials } from "@latch/core/providers/credentials";`,
  slimGithub: `export { Auth } from "@latch/core/slim"; export { default as GitHub } from "@latch/core/providers/github"; export { default as Credentials } from "@latch/core/providers/credentials";`,
  slimEmail: `export { Auth } from "@latch/core/slim"; export { default as Email } from "@latch/core/providers/email";`,
  resend: `export { Auth } from "@latch/core"; export { default as Resend } from "@latch/core/providers/resend";`,
  mailgun: `export { Auth } from "@latch/core"; export { default as Mailgun } from "@latch/core/providers/mailgun";`,
  postmark: `export { Auth } from "@latch/core"; export { default as Postmark } from "@latch/core/providers/postmark";`,
  sendgrid: `export { Auth } from "@latch/core"; export { default as SendGrid } from "@latch/core/providers/sendgrid";`,
};

/** What loads first of `entry` (everything, without splitting), bundled as the bench does. */
function bundle(entry: keyof typeof entries, splitting: boolean) {
  return bundleSize(entries[entry], root, splitting, { source: true });
}

const webauthnStack = /node_modules\/(@simplewebauthn\/server|asn1js|@peculiar\/|reflect-metadata|tsyringe|pvtsutils|pvutils)/;
const passkeyCode = /core\/src\/(features\/passkeys\/|providers\/passkey\.ts)/;
const lazyCode = /node_modules\/oauth4webapi|core\/src\/(flows\/oauth\/|flows\/email\/|pages\/|languages\/|features\/languages\/)/;
const catalogue = /core\/src\/features\/languages\/([^/]+)\.ts$/;
const oauthFlow = /node_modules\/oauth4webapi|core\/src\/flows\/oauth\//;
const emailFlow = /core\/src\/flows\/email\//;

describe("bundle footprint", { timeout: 60_000 }, () => {
  test.each(["credentials", "github"] as const)("%s: one file holds no WebAuthn library, no passkey code, no language but English, within its budget", async (entry) => {
    const { gzip, inputs } = await bundle(entry, false);
    expect(inputs.filter((i) => webauthnStack.test(i) || passkeyCode.test(i))).toEqual([]);
    expect(inputs.some((i) => /core\/src\/auth\.ts/.test(i))).toBe(true);
    // The pages speak core's built-in English unless the app imports languages; a feature's
    // English (Password()'s) comes only with that feature.
    expect(inputs.map((i) => catalogue.exec(i)?.[1]).filter(Boolean)).toEqual([]);
    expect(inputs.some((i) => /core\/src\/languages\/english\/core\.ts$/.test(i))).toBe(true);
    expect(inputs.filter((i) => /core\/src\/features\/passwords\/english\.ts$/.test(i))).toEqual([]);
    // Rate limits are an option (RateLimit()): their code, the device cookie's included, comes with it.
    expect(inputs.filter((i) => /core\/src\/limits\/(?!state\.ts$)/.test(i))).toEqual([]);
    expect(gzip).toBeLessThanOrEqual(budgets[entry]!.oneFile!);
  });

  test.each(["credentials", "github"] as const)("%s: with code splitting, the first chunk holds no OAuth, email, page, language or passkey code", async (entry) => {
    const { gzip, inputs } = await bundle(entry, true);
    expect(inputs.filter((i) => lazyCode.test(i) || webauthnStack.test(i) || passkeyCode.test(i))).toEqual([]);
    expect(inputs.some((i) => /core\/src\/session\/read\.ts/.test(i))).toBe(true);
    expect(gzip).toBeLessThanOrEqual(budgets[entry]!.firstChunk!);
  });

  test("slim: one file of Auth of @latch/core/slim and Credentials holds neither the OAuth nor the email flow, within its budget", async () => {
    const { gzip, inputs } = await bundle("slim", false);
    expect(inputs.filter((i) => oauthFlow.test(i) || emailFlow.test(i))).toEqual([]);
    expect(inputs.some((i) => /core\/src\/auth\.ts/.test(i))).toBe(true);
    // Where this one differs: Auth of @latch/core carries both flows for providers written as plain objects.
    expect((await bundle("credentials", false)).inputs.filter((i) => oauthFlow.test(i) || emailFlow.test(i)).length).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(budgets.slim!.oneFile!);
  });

  test("plain objects' OAuth flow: the ID token's signature check and its JWKS code, Apple's posted user and issuer templates come with the factories only", async () => {
    const factoryOnly = /core\/src\/(flows\/oauth\/(index|id-token-signature|form-post-user|issuer-template)\.ts|crypto\/jws\.ts)$/;
    const credentials = await bundle("credentials", false);
    expect(credentials.inputs.some((i) => /core\/src\/flows\/oauth\/plain\.ts$/.test(i))).toBe(true);
    expect(credentials.inputs.filter((i) => factoryOnly.test(i))).toEqual([]);
    // oauth4webapi's JWKS request, which only the signature check makes.
    expect(credentials.code).not.toContain("application/jwk-set+json");
    const github = await bundle("slimGithub", false);
    expect(github.code).toContain("application/jwk-set+json");
    expect(github.inputs.filter((i) => factoryOnly.test(i)).length).toBe(5);
    expect(github.inputs.filter((i) => /core\/src\/flows\/oauth\/plain\.ts$/.test(i))).toEqual([]);
  });

  test("slim: a provider's factory brings its own flow, and only its own", async () => {
    const github = await bundle("slimGithub", false);
    expect(github.inputs.some((i) => oauthFlow.test(i))).toBe(true);
    expect(github.inputs.filter((i) => emailFlow.test(i))).toEqual([]);
    const email = await bundle("slimEmail", false);
    expect(email.inputs.some((i) => emailFlow.test(i))).toBe(true);
    expect(email.inputs.filter((i) => oauthFlow.test(i))).toEqual([]);
  });

  // Nodemailer re-exports verificationEmail (its public API), so its message stays with it.
  test.each(["resend", "mailgun", "postmark", "sendgrid"] as const)("%s: the sign-in email's message loads with the first email, outside the first chunk", async (entry) => {
    const { inputs } = await bundle(entry, true);
    expect(inputs.some((i) => new RegExp(`core/src/providers/${entry}\\.ts$`).test(i))).toBe(true);
    expect(inputs.filter((i) => /core\/src\/mail\/(message|english)\.ts$/.test(i))).toEqual([]);
  });

  test("passkey: the first chunk holds the passkey flow but not the WebAuthn library", async () => {
    const { gzip, inputs } = await bundle("passkey", true);
    expect(inputs.some((i) => /core\/src\/features\/passkeys\/options\.ts/.test(i))).toBe(true);
    expect(inputs.filter((i) => webauthnStack.test(i))).toEqual([]);
    expect(gzip).toBeLessThanOrEqual(budgets.passkey!.firstChunk!);
  });
});

describe("the WebAuthn library loads at the first passkey request", () => {
  test("importing Latch with Passkey() installs no Reflect.metadata; asking for passkey options loads it", { timeout: 60_000 }, async () => {
    const script = fileURLToPath(new URL("./footprint/passkey-lazy.ts", import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ["--conditions=source", "--import", "tsx", script], { cwd: root, timeout: 50_000 });
    const report = JSON.parse(stdout.trim().split("\n").pop()!) as Record<string, string | number>;
    expect(report).toEqual({ atImport: "undefined", afterPage: "undefined", afterOptions: "function", status: 200, challenge: "string" });
  });
});
