/**
 * The second-factor primitives on a runtime with Web Crypto and no Node: Latch's TOTP, sealing of
 * the key, backup and email codes and the QR code, bundled by esbuild with the `browser` and
 * `worker` conditions (as for an edge runtime) and run in headless Chromium. The codes are checked
 * against RFC 6238 computed here with `node:crypto`, and a key sealed in the browser opens in Node.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { codeHash } from "../codes.js";
import { openTotpSecret } from "../totp.js";
import { totp } from "../../../../test/second-factor-client.js";

const run = await chromiumAvailable();
const secret = "webcrypto-second-factor-secret-0123456789-abcdefghij";

const entry = `
import { matchingStep, newTotpSecret, openTotpSecret, sealTotpSecret, secretText, stepAt, totpCode, totpUri } from "./totp.ts";
import { codeHash, newBackupCode, newEmailCode } from "./codes.ts";
import { qrSvg } from "./qr.ts";
window.runSecondFactors = async (secrets, now) => {
  const key = newTotpSecret();
  const binding = { id: "factor-1", userId: "user-1" };
  const sealed = await sealTotpSecret(key, binding, secrets);
  const opened = await openTotpSecret(sealed, binding, secrets);
  const elsewhere = await openTotpSecret(sealed, { id: "factor-2", userId: "user-1" }, secrets);
  const step = stepAt(now);
  const backup = newBackupCode();
  return {
    hasNode: typeof process !== "undefined" || typeof Buffer !== "undefined",
    key: secretText(key),
    sealed,
    openedSame: opened !== null && secretText(opened) === secretText(key),
    openedElsewhere: elsewhere,
    step,
    code: totpCode(key, step),
    matchesNow: matchingStep(key, totpCode(key, step), now),
    matchesNext: matchingStep(key, totpCode(key, step + 1), now),
    matchesFar: matchingStep(key, totpCode(key, step + 2), now),
    uri: totpUri("Latch", "a@example.com", key),
    backup,
    backupHash: await codeHash(backup),
    email: newEmailCode(),
    qr: qrSvg(totpUri("Latch", "a@example.com", key)),
  };
};
`;

let server: Server;
let browser: Browser;
let base: string;
beforeAll(async () => {
  if (!run) return;
  const bundled = await build({
    stdin: { contents: entry, resolveDir: fileURLToPath(new URL("../../second-factors", import.meta.url)), loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    conditions: ["worker", "browser", "source"],
    logLevel: "silent",
  });
  const script = bundled.outputFiles[0]!.text;
  server = createServer((req, res) => {
    if (req.url === "/bundle.js") res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    else res.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><script type="module" src="/bundle.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe.skipIf(!run)("second-factor primitives in Chromium (Web Crypto, no Node)", () => {
  test("TOTP codes follow RFC 6238, a sealed key opens only for its row (also in Node), codes are well formed", async () => {
    const page = await browser.newPage();
    await page.goto(base);
    await page.waitForFunction(() => typeof (window as unknown as { runSecondFactors?: unknown }).runSecondFactors === "function");
    const now = Date.now();
    const result = await page.evaluate(
      ([secrets, at]) => (window as unknown as { runSecondFactors: (s: string[], n: number) => Promise<Record<string, unknown>> }).runSecondFactors(secrets, at),
      [[secret], now] as [string[], number],
    );
    await page.close();

    expect(result.hasNode).toBe(false);
    const key = result.key as string;
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(result.code).toBe(totp(key, result.step as number));
    expect(result.matchesNow).toBe(result.step);
    expect(result.matchesNext).toBe((result.step as number) + 1);
    expect(result.matchesFar).toBeNull();
    expect(result.openedSame).toBe(true);
    expect(result.openedElsewhere).toBeNull();
    expect(new URL(result.uri as string).searchParams.get("secret")).toBe(key);
    expect(result.backup).toMatch(/^[a-z1-9]{4}-[a-z1-9]{4}-[a-z1-9]{4}$/);
    expect(result.backupHash).toBe(await codeHash(result.backup as string));
    expect(result.email).toMatch(/^\d{6}$/);
    expect(result.qr).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);

    // The browser's seal is the portable one; Node (its node:crypto seal) opens it.
    const opened = await openTotpSecret(result.sealed as string, { id: "factor-1", userId: "user-1" }, [secret]);
    expect(opened && Buffer.from(opened).length).toBe(20);
  });
});
