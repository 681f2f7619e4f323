/**
 * An app written for `@auth/express` type-checks and runs with the package name changed:
 * `@latch/express` exports the same names, `@latch/express/providers/<id>` every preset of core,
 * `@latch/express/adapters` the adapter contract.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import GitHubFromCore from "@latch/core/providers/github";
import GitHub from "@latch/express/providers/github";
import { createBrowser } from "@latch/testing";
// @ts-expect-error -- a plain script without types
import { coreProviderIds, providerModule } from "../scripts/providers.mjs";
import { createApp } from "./authjs-app/app.js";

const providersDir = fileURLToPath(new URL("../src/providers/", import.meta.url));
const fixture = fileURLToPath(new URL("./authjs-app/app.ts", import.meta.url));

describe("@latch/express/providers/<id>", () => {
  it("one module per core provider, as the script writes it", () => {
    const ids = (coreProviderIds as () => string[])();
    expect(readdirSync(providersDir).map((f) => f.slice(0, -3)).sort()).toEqual(ids);
    for (const id of ids) expect(readFileSync(`${providersDir}${id}.ts`, "utf8")).toBe((providerModule as (id: string) => string)(id));
  });

  it("is core's factory", () => {
    expect(GitHub).toBe(GitHubFromCore);
  });
});

describe("an @auth/express app with the package name changed", () => {
  it("type-checks", () => {
    const program = ts.createProgram([fixture], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      customConditions: ["source"],
      skipLibCheck: true,
      types: ["node"],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);
  }, 120_000);

  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createApp().listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function signIn(password: string, username = "ali") {
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${base}/auth/csrf`)).json()) as { csrfToken: string };
    const response = await browser.fetch(`${base}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username, password, callbackUrl: `${base}/me` }).toString(),
    });
    return { browser, response };
  }

  it("runs: lists its providers, signs in, and the middleware sees the session", async () => {
    const providers = (await (await fetch(`${base}/auth/providers`)).json()) as Record<string, { callbackUrl: string }>;
    expect(Object.keys(providers)).toEqual(["github", "credentials"]);
    expect(providers.github!.callbackUrl).toBe(`${base}/auth/callback/github`);
    expect((await fetch(`${base}/me`)).status).toBe(401);
    const { browser } = await signIn("open sesame");
    expect(await (await browser.fetch(`${base}/me`)).json()).toMatchObject({ user: { name: "ali", email: "ali@example.com" } });
    expect(await (await browser.fetch(`${base}/whoami`)).text()).toBe("ali");
  });

  it("a refused sign-in carries the CredentialsSignin subclass's code and leaves no session", async () => {
    const { browser, response } = await signIn("x", "ghost");
    expect(response.headers.get("location")).toMatch(/error=CredentialsSignin&code=unknown_user/);
    expect((await browser.fetch(`${base}/me`)).status).toBe(401);
  });
});
