import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { InternalProvider } from "../config/providers.js";
import { providerFlow } from "../symbols.js";
import { credentialsFlow } from "./credentials.js";
import { emailFlow } from "./email/index.js";
import { carriedFlow, flowOf } from "./index.js";
import { plainObjectFlows as plainObjects } from "./lazy.js";
import { oauthFlow } from "./oauth/index.js";
import { plainOAuthFlow } from "./oauth/plain.js";
import { passwordFlow } from "../features/passwords/flow.js";

const providersDir = fileURLToPath(new URL("../providers/", import.meta.url));
const presets = readdirSync(providersDir)
  .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$|^test-|^(index|types)\.ts$/.test(name))
  .map((name) => name.replace(/\.ts$/, ""));

const flowOfType: Record<string, unknown> = { oauth: oauthFlow, oidc: oauthFlow, email: emailFlow, credentials: credentialsFlow };
/** Presets whose flow is their own, not their type's. */
const flowOfPreset: Record<string, unknown> = { password: passwordFlow };

/** A provider as config resolution hands it to the flows (the URLs do not matter here). */
const internal = (provider: object) => ({ signinUrl: "", callbackUrl: "", ...provider }) as InternalProvider;

describe("every preset carries its flow", () => {
  test("finds the presets", () => {
    expect(presets.length).toBeGreaterThan(40);
  });

  test.each(presets)("%s", async (id) => {
    const { default: factory } = (await import(`../providers/${id}.ts`)) as { default: (options: object) => InternalProvider };
    const provider = factory({ clientId: "id", clientSecret: "secret", issuer: "https://issuer.example", apiKey: "key", authorize: () => null });
    const carried = provider[providerFlow];
    expect(carried, `${id} must attach its flow (or a loader of it) under providerFlow`).toBeDefined();
    if (provider.type === "webauthn") {
      // Passkey() carries its flow as code, page script included; there is no loader to call.
      expect(typeof carried).toBe("object");
      return;
    }
    if (typeof carried === "function") {
      // OAuth, OIDC and email presets carry a loader: nothing of the flow runs before it is needed.
      expect(carriedFlow(internal(provider))).toBeUndefined();
    }
    expect(await flowOf(internal(provider), plainObjects)).toBe(flowOfPreset[id] ?? flowOfType[provider.type]);
    // A factory's provider brings its flow: the Auth of @latch/core/slim, which gives plain objects none, gets the same.
    expect(await flowOf(internal(provider), undefined)).toBe(flowOfPreset[id] ?? flowOfType[provider.type]);
  });
});

describe("providers written as plain objects", () => {
  // Auth.js's OAuth flow, without the ID token's signature check that the factories' flow (oauthFlow) adds.
  test.each([
    [{ id: "corp", name: "Corp", type: "oidc", issuer: "https://corp.example" }, plainOAuthFlow],
    [{ id: "legacy", name: "Legacy", type: "oauth", authorization: "https://legacy.example/authorize" }, plainOAuthFlow],
    [{ id: "mail", name: "Mail", type: "email", sendVerificationRequest: async () => {} }, emailFlow],
    [{ id: "login", name: "Login", type: "credentials", authorize: () => null }, credentialsFlow],
  ])("get the flow of their type: %o", async (provider, flow) => {
    expect(await flowOf(internal(provider), plainObjects)).toBe(flow);
  });

  test.each([
    { id: "corp", name: "Corp", type: "oidc", issuer: "https://corp.example" },
    { id: "legacy", name: "Legacy", type: "oauth", authorization: "https://legacy.example/authorize" },
    { id: "mail", name: "Mail", type: "email", sendVerificationRequest: async () => {} },
  ])("get no flow where Auth gives plain objects none (@latch/core/slim): %o", async (provider) => {
    expect(await flowOf(internal(provider), undefined)).toBeUndefined();
  });

  test("a credentials provider gets its few lines either way", async () => {
    expect(await flowOf(internal({ id: "login", name: "Login", type: "credentials", authorize: () => null }), undefined)).toBe(credentialsFlow);
  });

  test("a webauthn provider gets no flow unless Passkey() made it", async () => {
    expect(await flowOf(internal({ id: "passkey", name: "Passkey", type: "webauthn" }), plainObjects)).toBeUndefined();
  });
});
