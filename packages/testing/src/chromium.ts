/**
 * Headless Chromium through playwright-core, with the system's browser (Debian's `chromium`
 * package) instead of a downloaded one, and a virtual WebAuthn authenticator for passkey tests.
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { chromium, type Browser, type CDPSession, type LaunchOptions, type Page } from "playwright-core";
import { servicesRequired } from "./services.js";

/** Where Chromium is looked for: `LATCH_CHROMIUM`, else `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.LATCH_CHROMIUM || "/usr/bin/chromium";
}

/** Command-line switches for a quiet, deterministic headless run inside containers. */
export const chromiumArgs: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Decides whether a suite that needs Chromium runs, like `needService` does for servers: true
 * when an executable is at {@link chromiumPath}; otherwise prints
 * `skipped: no Chromium at <path>` and returns false, or throws when `LATCH_REQUIRE_SERVICES=1`.
 *
 * @example
 * ```ts
 * describe.runIf(await chromiumAvailable())("sign-in in a browser", () => { … });
 * ```
 */
export async function chromiumAvailable(): Promise<boolean> {
  const path = chromiumPath();
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    if (servicesRequired()) throw new Error(`Chromium is required (LATCH_REQUIRE_SERVICES=1) but there is none at ${path}`);
    console.warn(`skipped: no Chromium at ${path}`);
    return false;
  }
}

/**
 * Launches headless Chromium from {@link chromiumPath} with {@link chromiumArgs}. Close it with
 * `browser.close()`; launch once per test file and open a new context per test.
 *
 * @example
 * ```ts
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 * await page.goto(`http://localhost:${port}/`);
 * await browser.close();
 * ```
 */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    headless: true,
    ...options,
    executablePath: options.executablePath ?? chromiumPath(),
    args: [...chromiumArgs, ...(options.args ?? [])],
  });
}

/** Options of {@link addVirtualAuthenticator}; the defaults make a platform passkey authenticator. */
export interface VirtualAuthenticatorOptions {
  /** Default `ctap2`. */
  protocol?: "ctap2" | "u2f";
  /** Default `internal` (a platform authenticator). */
  transport?: "internal" | "usb" | "nfc" | "ble" | "cable" | "hybrid";
  /** Discoverable credentials (passkeys); default true. */
  hasResidentKey?: boolean;
  /** Default true. */
  hasUserVerification?: boolean;
  /** Whether user verification succeeds; default true. */
  isUserVerified?: boolean;
  /** Answer presence checks without a touch; default true. */
  automaticPresenceSimulation?: boolean;
}

/** A credential held by a virtual authenticator, as Chrome DevTools Protocol reports it. */
export interface VirtualCredential {
  /** Base64 (standard alphabet) credential id. */
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  /** Base64 PKCS#8 private key. */
  privateKey: string;
  /** Base64 user handle, for resident credentials. */
  userHandle?: string;
  signCount: number;
}

/** A virtual authenticator attached to a page, from {@link addVirtualAuthenticator}. */
export interface VirtualAuthenticator {
  readonly authenticatorId: string;
  /** The DevTools session it lives in, for other `WebAuthn.*` commands. */
  readonly session: CDPSession;
  /** The credentials it holds now. */
  credentials(): Promise<VirtualCredential[]>;
  /** Removes the authenticator and closes its DevTools session. */
  remove(): Promise<void>;
}

/**
 * Attaches a virtual WebAuthn authenticator to `page` through the Chrome DevTools Protocol, so
 * that `navigator.credentials.create()` and `.get()` succeed without a human. WebAuthn needs a
 * secure context: serve the page from `http://localhost:<port>` or https.
 *
 * @example
 * ```ts
 * const authenticator = await addVirtualAuthenticator(page);
 * await page.click("#register");
 * expect(await authenticator.credentials()).toHaveLength(1);
 * ```
 */
export async function addVirtualAuthenticator(page: Page, options: VirtualAuthenticatorOptions = {}): Promise<VirtualAuthenticator> {
  const session = await page.context().newCDPSession(page);
  await session.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: options.protocol ?? "ctap2",
      transport: options.transport ?? "internal",
      hasResidentKey: options.hasResidentKey ?? true,
      hasUserVerification: options.hasUserVerification ?? true,
      isUserVerified: options.isUserVerified ?? true,
      automaticPresenceSimulation: options.automaticPresenceSimulation ?? true,
    },
  });
  return {
    authenticatorId,
    session,
    async credentials() {
      const { credentials } = await session.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials;
    },
    async remove() {
      await session.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
      await session.detach();
    },
  };
}
