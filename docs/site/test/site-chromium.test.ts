/**
 * The documentation site as a reader gets it: the built site (`npm run docs:build`, the API
 * reference generated into it, built here first when it is missing or older than its sources, see
 * built-site.ts) served by a static server on 127.0.0.1, and Chromium on it. Searching for
 * "passkey" lands on the passkey guide, and for an export's name finds its API page; the front page
 * leads to the Next.js getting-started page; and every internal link and asset of every built page
 * (the API reference's too) answers 200, every `#anchor` naming an element of its page.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, relative, resolve } from "node:path";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSiteIfStale, dist, filesUnder } from "./built-site.js";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/** A static server of the built site, as any host would serve it: `/x/` is `/x/index.html`, `/x` may be `/x.html`. */
function serve(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = resolve(dist, `.${path}`);
    if (!file.startsWith(dist)) file = "";
    else if (path.endsWith("/")) file = join(file, "index.html");
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!file || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": types[extname(file)] ?? "text/plain; charset=utf-8" });
    res.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

describe.runIf(await chromiumAvailable())("the documentation site in Chromium", { timeout: 240_000 }, () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    await buildSiteIfStale();
    [browser, server] = await Promise.all([launchChromium(), serve()]);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
  });

  test('searching for "passkey" lands on the passkey guide', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.getByRole("button", { name: /search/i }).first().click();
    const input = page.locator("input.search-input");
    await input.fill("passkey");
    const first = page.locator(".VPLocalSearchBox .results li a").first();
    await expect.poll(() => first.getAttribute("href")).toMatch(/\/guides\/passkeys\.html/);
    await input.press("Enter");
    await page.waitForURL(/\/guides\/passkeys\.html/);
    await expect.poll(() => page.locator("main h1").first().textContent()).toMatch(/Passkeys/);
    expect(await page.locator("main").textContent()).toContain("WebAuthn");
    await page.close();
  });

  test("searching for an export's name finds its API page, indexed by its names only", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.getByRole("button", { name: /search/i }).first().click();
    await page.locator("input.search-input").fill("getAccessToken");
    const results = page.locator(".VPLocalSearchBox .results li a");
    const hrefs = () => results.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    await expect.poll(hrefs).toContainEqual(expect.stringMatching(/\/api\/@latch\/core\/functions\/getAccessToken\.html#function-getaccesstoken$/));
    // The reference's per-member sections ("Returns", "Parameters") are not in the index.
    expect((await hrefs()).filter((href) => /\/api\/.*#(returns|parameters)$/.test(href))).toEqual([]);
    await page.close();
  });

  test("the front page leads to the Next.js getting-started page", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.locator("main").getByRole("link", { name: "Next.js", exact: true }).first().click();
    await page.waitForURL(/\/getting-started\/nextjs\.html$/);
    // The router changes the address before the new page's content replaces the old one.
    await expect.poll(() => page.locator("main h1").first().textContent(), { timeout: 15_000 }).toMatch(/^Next\.js/);
    // The page's own files are there to copy: its auth.ts, as compat/starters/test/next.test.ts copies them.
    expect(await page.locator("main").textContent()).toContain("auth.ts");
    await page.close();
  });

  test("no internal link or asset of any built page is broken, and every anchor exists", async () => {
    const pages = filesUnder(dist, /^source$/).filter((f) => f.endsWith(".html") && !f.endsWith("404.html"));
    expect(pages.length).toBeGreaterThan(30);
    // The API reference is crawled with the rest: its index, an integration's entry function, AuthConfig.
    const api = pages.map((f) => relative(dist, f).split("\\").join("/")).filter((p) => p.startsWith("api/"));
    expect(api).toEqual(expect.arrayContaining(["api/index.html", "api/@latch/express/functions/ExpressAuth.html", "api/@latch/core/interfaces/AuthConfig.html"]));
    expect(api.length).toBeGreaterThan(100);
    const ids = new Map<string, Set<string>>();
    const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    const statuses = new Map<string, number>();
    const broken: string[] = [];
    let links = 0;
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      const pagePath = `/${relative(dist, file).split("\\").join("/")}`;
      ids.set(pagePath, idsOf(html));
      for (const [, href] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        const raw = href!.replace(/&amp;/g, "&");
        if (/^(?:[a-z][a-z+.-]*:|\/\/)/i.test(raw)) continue; // another site, mailto:, javascript:
        const url = new URL(raw, `${origin}${pagePath}`);
        links++;
        const path = url.pathname;
        if (!statuses.has(path)) statuses.set(path, (await fetch(`${origin}${path}`)).status);
        if (statuses.get(path) !== 200) {
          broken.push(`${pagePath}: ${raw} (${statuses.get(path)})`);
          continue;
        }
        if (url.hash.length > 1 && path.endsWith(".html")) {
          if (!ids.has(path)) ids.set(path, idsOf(readFileSync(join(dist, decodeURIComponent(path)), "utf8")));
          const anchor = decodeURIComponent(url.hash.slice(1));
          if (!ids.get(path)!.has(anchor)) broken.push(`${pagePath}: ${raw} (no element with id "${anchor}")`);
        }
      }
    }
    console.log(`site: ${pages.length} pages, ${links} internal links and assets, ${statuses.size} distinct, ${broken.length} broken`);
    expect(links).toBeGreaterThan(1000);
    expect(broken).toEqual([]);
  });
});
