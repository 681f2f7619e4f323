import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addVirtualAuthenticator, chromiumAvailable, chromiumPath, launchChromium } from "./chromium.js";

const page = `<!DOCTYPE html>
<title>peer</title>
<p id="out">before</p>
<button id="change" onclick="document.getElementById('out').textContent = 'after'">change</button>
<button id="register">register</button>
<script>
  document.getElementById("register").addEventListener("click", async () => {
    const out = document.getElementById("out");
    try {
      const credential = await navigator.credentials.create({
        publicKey: {
          challenge: crypto.getRandomValues(new Uint8Array(32)),
          rp: { name: "Latch test", id: "localhost" },
          user: { id: new TextEncoder().encode("user-1"), name: "user@example.com", displayName: "User" },
          pubKeyCredParams: [{ type: "public-key", alg: -7 }],
          authenticatorSelection: { residentKey: "required", userVerification: "required" },
        },
      });
      out.textContent = "created " + credential.type;
    } catch (error) {
      out.textContent = "failed " + error.name;
    }
  });
</script>`;

describe.runIf(await chromiumAvailable())("Chromium", () => {
  let server: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("loads a page and reacts to a click", async () => {
    const tab = await browser.newPage();
    await tab.goto(`${origin}/`);
    expect(await tab.textContent("#out")).toBe("before");
    await tab.click("#change");
    expect(await tab.textContent("#out")).toBe("after");
    await tab.close();
  });

  it("creates a WebAuthn credential on a virtual authenticator", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const authenticator = await addVirtualAuthenticator(tab);
    expect(authenticator.authenticatorId).toEqual(expect.any(String));
    await tab.goto(`${origin}/`);
    expect(await authenticator.credentials()).toEqual([]);
    await tab.click("#register");
    await tab.waitForFunction(() => document.getElementById("out")?.textContent !== "before");
    expect(await tab.textContent("#out")).toBe("created public-key");
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
    await authenticator.remove();
    await context.close();
  });
});

describe("chromiumAvailable", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("skips with a message when LATCH_CHROMIUM points nowhere, and throws when services are required", async () => {
    vi.stubEnv("LATCH_CHROMIUM", "/nonexistent/chromium");
    vi.stubEnv("LATCH_REQUIRE_SERVICES", "");
    expect(chromiumPath()).toBe("/nonexistent/chromium");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await chromiumAvailable()).toBe(false);
    expect(warn).toHaveBeenCalledWith("skipped: no Chromium at /nonexistent/chromium");
    vi.stubEnv("LATCH_REQUIRE_SERVICES", "1");
    await expect(chromiumAvailable()).rejects.toThrow(/Chromium is required/);
  });
});
