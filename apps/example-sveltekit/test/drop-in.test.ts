/**
 * An app written for `@auth/sveltekit` (test/authjs-app) works with Latch after its imports are
 * rewritten from `@auth/sveltekit` to `@latch/sveltekit` and nothing else: the copy is run with
 * SvelteKit's development server (no build) and signed in and out in Chromium, through its form
 * actions, the `SignOut` component and the client `signIn`/`signOut`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDir, freePort } from "./server.js";

const fixture = fileURLToPath(new URL("./authjs-app/", import.meta.url));
const work = join(appDir, ".compat", `app-${process.pid}`);
const viteBin = join(createRequire(import.meta.url).resolve("vite/package.json"), "..", "bin", "vite.js");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Copies the app and replaces the package name in every file; returns the files it changed. */
function rewrite(from: string, to: string): string[] {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(from, to, { recursive: true });
  const changed: string[] = [];
  for (const file of files(to)) {
    const text = readFileSync(file, "utf8");
    const next = text.replaceAll("@auth/sveltekit", "@latch/sveltekit");
    if (next !== text) {
      writeFileSync(file, next);
      changed.push(file.slice(to.length + 1));
    }
  }
  return changed;
}

describe.runIf(await chromiumAvailable())("an @auth/sveltekit app with its imports rewritten", () => {
  let dev: ChildProcess | undefined;
  let output = "";
  let origin: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const changed = rewrite(fixture, work);
    expect(changed.sort()).toEqual(["src/auth.ts", "src/routes/+page.svelte", "src/routes/client/+page.svelte"].sort());
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    dev = spawn(process.execPath, [viteBin, "dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
      cwd: work,
      env: { PATH: process.env.PATH ?? "", AUTH_SECRET: "drop-in-secret-0123456789abcdefghijklmnop" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    dev.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${output}`)), 60_000);
      dev!.stdout!.on("data", () => output.includes(String(port)) && (clearTimeout(timer), resolve()));
      dev!.on("exit", (code) => (clearTimeout(timer), reject(new Error(`the dev server exited with ${code}:\n${output}`))));
    });
    browser = await launchChromium();
    page = await browser.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dev && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev!.once("exit", resolve));
      dev.kill("SIGTERM");
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  const state = () => page.locator("#state").innerText();

  it("the rewritten copy imports Latch only", () => {
    for (const file of files(join(work, "src"))) expect(readFileSync(file, "utf8")).not.toContain("@auth/");
    expect(readFileSync(join(fixture, "src/auth.ts"), "utf8")).toContain('from "@auth/sveltekit"');
  });

  it("signs in through the form action and out through <SignOut/>", async () => {
    await page.goto(`${origin}/`, { timeout: 90_000 });
    expect(await state()).toBe("Not signed in");
    await page.locator("#signin-form input[name=username]").fill("ada");
    await page.locator("#signin-form input[name=password]").fill("lovelace");
    await page.locator("#signin-form button").click();
    await expect.poll(state, { timeout: 30_000 }).toBe("Signed in as Ada Lovelace");
    await page.locator("form.signOutButton button").click();
    await expect.poll(state, { timeout: 30_000 }).toBe("Not signed in");
  }, 120_000);

  it("signs in and out with the client functions", async () => {
    // Hydrated (the buttons work) once the development server has sent every module.
    await page.goto(`${origin}/client`, { timeout: 90_000, waitUntil: "networkidle" });
    await page.locator("#client-signin").click();
    await page.waitForURL(`${origin}/`, { timeout: 30_000 });
    await expect.poll(state, { timeout: 30_000 }).toBe("Signed in as Ada Lovelace");
    await page.goto(`${origin}/client`, { waitUntil: "networkidle" });
    await page.locator("#client-signout").click();
    await page.waitForURL(`${origin}/`, { timeout: 30_000 });
    await expect.poll(state, { timeout: 30_000 }).toBe("Not signed in");
  }, 120_000);
});
