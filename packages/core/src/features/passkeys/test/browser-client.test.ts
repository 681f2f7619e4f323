/**
 * `@latch/core/webauthn` (the browser passkey client) in real Chromium: the module is bundled for
 * the browser with esbuild, served on 127.0.0.1 next to Latch (`@latch/pg` on PGlite), and its
 * `signIn` drives registration and authentication with a virtual authenticator. Chromium's own
 * coverage of the bundle is mapped back to `src/features/passkeys/client.ts` through the source map
 * (v8-to-istanbul) and printed, so the module is measured where it runs.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import Passkey from "@latch/core/providers/passkey";
import { ExpressAuth, getSession } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import { build } from "esbuild";
import express from "express";
import type { Browser, Page } from "playwright-core";
import v8toIstanbul from "v8-to-istanbul";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const source = resolve(fileURLToPath(import.meta.url), "../../client.ts");
const run = await chromiumAvailable();

describe.runIf(run)("the browser passkey client in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: Server;
  let db: PGlite;
  let origin: string;
  let dir: string;
  let bundle: string;
  let map: string;
  const coverage: Awaited<ReturnType<Page["coverage"]["stopJSCoverage"]>> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "latch-webauthn-"));
    const out = await build({ entryPoints: [source], bundle: true, format: "esm", platform: "browser", target: "es2022", sourcemap: "external", sourcesContent: true, outfile: join(dir, "webauthn.js"), write: false });
    bundle = out.outputFiles.find((f) => f.path.endsWith(".js"))!.text;
    map = out.outputFiles.find((f) => f.path.endsWith(".map"))!.text;
    await writeFile(join(dir, "webauthn.js"), bundle);

    db = new PGlite();
    await migrate(db);
    const config: AuthConfig = {
      secret: "browser-client-test-secret-0123456789abcdef",
      trustHost: true,
      adapter: PostgresAdapter(db),
      providers: [Passkey({ enableConditionalUI: false })],
      experimental: { enableWebAuthn: true },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    };
    const app = express();
    app.use("/auth", ExpressAuth(config));
    app.get("/client.js", (_req, res) => void res.type("js").send(`${bundle}\n//# sourceMappingURL=/client.js.map`));
    app.get("/client.js.map", (_req, res) => void res.type("json").send(map));
    app.get("/", async (req, res) => {
      const session = await getSession(req, config);
      res.type("html").send(`<!doctype html><title>client</title><p id="who">${session?.user?.email ?? "nobody"}</p>
<script type="module">import * as client from "/client.js"; window.latch = client; document.body.dataset.ready = "1";</script>`);
    });
    server = await new Promise((ok) => {
      const s = app.listen(0, "127.0.0.1", () => ok(s));
    });
    // localhost is a secure context, as WebAuthn needs.
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
    await db?.close();
    if (coverage.length) await reportCoverage();
    await rm(dir, { recursive: true, force: true });
  });

  async function openPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(`${origin}/`);
    await page.waitForSelector("body[data-ready='1']");
    return page;
  }

  async function finish(page: Page): Promise<void> {
    coverage.push(...(await page.coverage.stopJSCoverage()));
    await page.context().close();
  }

  type Result = { url: string; error: string | null; ok: boolean } | { thrown: string };
  const signIn = (page: Page, options: Record<string, unknown>): Promise<Result> =>
    page.evaluate(
      (o) => (window as unknown as { latch: { signIn: (id: string, o: unknown) => Promise<Result> } }).latch.signIn("passkey", o).catch((e: Error) => ({ thrown: `${e.name}: ${e.message}` })),
      options,
    );
  const who = async (page: Page) => {
    await page.goto(`${origin}/`);
    return page.locator("#who").textContent();
  };

  test("registers a new user, signs in again with the passkey, adds a second passkey, and refuses a bad provider", async () => {
    const page = await openPage();
    const authenticator = await addVirtualAuthenticator(page);

    const registered = await signIn(page, { email: "ada@example.com", redirect: false, callbackUrl: `${origin}/` });
    expect(registered).toEqual({ url: `${origin}/`, error: null, ok: true });
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(await who(page)).toBe("ada@example.com");

    // Signed in: register another passkey for the same account, on a second authenticator (the
    // first one holds a credential the options exclude).
    const [credential] = await authenticator.credentials();
    await authenticator.remove();
    const laptop = await addVirtualAuthenticator(page);
    await page.waitForSelector("body[data-ready='1']");
    const added = await signIn(page, { action: "register", redirect: false, callbackUrl: `${origin}/` });
    expect(added).toMatchObject({ ok: true });
    expect(await laptop.credentials()).toHaveLength(1);
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM authenticators`);
    expect(rows.rows[0]!.n).toBe(2);

    // A provider Latch does not know: the options request fails and signIn rejects with the server's message.
    const refused = await signIn(page, { basePath: "/auth/", redirect: false, email: "x@example.com", action: "bogus" });
    expect("thrown" in refused && refused.thrown).toMatch(/^Error: /);
    await finish(page);

    // A new browser context (no session) with the same authenticator's credential: authenticate.
    const second = await openPage();
    const other = await addVirtualAuthenticator(second);
    await other.session.send("WebAuthn.addCredential", { authenticatorId: other.authenticatorId, credential: credential! });
    // Without `redirect: false` the client navigates to the result itself.
    const navigated = second.waitForNavigation({ url: `${origin}/` });
    const signedIn = await signIn(second, { action: "authenticate", callbackUrl: `${origin}/` });
    expect(signedIn).toMatchObject({ ok: true, url: `${origin}/` });
    await navigated;
    expect(await second.locator("#who").textContent()).toBe("ada@example.com");
    await finish(second);
  });

  test("a ceremony the authenticator refuses rejects with NotAllowedError, and an unknown passkey gets an error URL", async () => {
    const page = await openPage();
    const authenticator = await addVirtualAuthenticator(page, { isUserVerified: false });
    const refused = await signIn(page, { email: "bea@example.com", redirect: false });
    expect("thrown" in refused && refused.thrown).toMatch(/^NotAllowedError/);
    await authenticator.remove();

    // A passkey of this site that the server never stored: authentication answers an error URL.
    const stranger = await addVirtualAuthenticator(page);
    await signIn(page, { email: "bea@example.com", redirect: false });
    await db.query(`DELETE FROM authenticators`);
    await page.context().clearCookies();
    const unknown = await signIn(page, { action: "authenticate", redirect: false });
    expect(unknown).toMatchObject({ ok: false });
    expect("error" in unknown && unknown.error).toBeTruthy();
    expect((await stranger.credentials()).length).toBe(1);
    await finish(page);
  });

  /** Maps Chromium's coverage of the bundle back to src/features/passkeys/client.ts and prints it. */
  async function reportCoverage(): Promise<void> {
    const entry = coverage.find((e) => e.url.endsWith("/client.js"));
    if (!entry) return;
    const converter = v8toIstanbul(join(dir, "webauthn.js"), 0, { source: entry.source ?? bundle, sourceMap: { sourcemap: JSON.parse(map) } });
    await converter.load();
    converter.applyCoverage(entry.functions);
    const files = converter.toIstanbul();
    const mine = Object.values(files).find((file) => file.path.endsWith("src/features/passkeys/client.ts"));
    if (!mine) return;
    const statements = Object.values(mine.s);
    const branches = Object.values(mine.b).flat();
    const pct = (hit: number[]) => (hit.length ? Math.round((100 * hit.filter((n) => n > 0).length) / hit.length) : 100);
    const reports = resolve(source, "../../../../coverage");
    await mkdir(reports, { recursive: true });
    await writeFile(join(reports, "browser-webauthn.json"), JSON.stringify({ [mine.path]: mine }));
    console.log(`src/features/passkeys/client.ts in Chromium: statements ${pct(statements)} %, branches ${pct(branches)} % (${statements.length} statements, ${branches.length} branches)`);
  }
});
