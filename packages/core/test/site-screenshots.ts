/**
 * Pictures of the built-in pages for the documentation site, taken by the Chromium suites that
 * reach those pages: each page in a light and a dark colour scheme, in English (left to right) and
 * Arabic (right to left), in a 900×700 window, as `docs/site/public/screenshots/<name>-<scheme>-<language>.png`:
 * the middle 450×700 of the window, where the page's card is, so that two pictures side by side
 * on a page of the site still show it large enough to read.
 *
 * The PNGs are committed, so the site builds without a browser. A run writes them only when
 * `LATCH_UPDATE_SCREENSHOTS=1` is set: two renderings of the same page differ in their bytes (a
 * date, the browser's version), so writing them on every run would change the working tree each
 * time. Without it each picture is still rendered and checked (language, direction, colour scheme,
 * heading, the card within the picture), and its committed file must be there, a PNG of the
 * picture's size.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ar from "@latch/core/languages/ar";
import en from "@latch/core/languages/en";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Where the site serves them from (`/screenshots/…`). */
export const screenshotsDir = fileURLToPath(new URL("../../../docs/site/public/screenshots/", import.meta.url));
/** Whether this run writes the pictures (`LATCH_UPDATE_SCREENSHOTS=1`). */
export const updateScreenshots = process.env.LATCH_UPDATE_SCREENSHOTS === "1";
/** The browser's window for every picture. */
export const windowSize = { width: 900, height: 700 } as const;
/** The part of the window a picture shows: its middle, full height. */
export const pictureClip = { x: 225, y: 0, width: 450, height: 700 } as const;

const schemes = ["light", "dark"] as const;
const pictureLanguages = [
  { code: "en", dir: "ltr", language: en },
  { code: "ar", dir: "rtl", language: ar },
] as const;

/** The width and height a PNG's header gives. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** How light a CSS colour (`rgb(r, g, b)`) is, 0 to 1. */
function lightness(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * Renders the page at `url` in each colour scheme and language (the browser's preference and its
 * `Accept-Language` decide, as for any visitor), checks what it shows, and writes or checks the
 * pictures `<name>-<scheme>-<language>.png`. The page is left at `url` in English with the
 * window and scheme it had. Returns the files' names.
 */
export async function sitePictures(page: Page, url: string, name: string, heading: keyof (typeof en)["messages"]): Promise<string[]> {
  const context = page.context();
  const viewport = page.viewportSize();
  const names: string[] = [];
  if (updateScreenshots) mkdirSync(screenshotsDir, { recursive: true });
  await page.setViewportSize(windowSize);
  for (const scheme of schemes) {
    for (const { code, dir, language } of pictureLanguages) {
      await page.emulateMedia({ colorScheme: scheme });
      await context.setExtraHTTPHeaders({ "Accept-Language": code });
      const response = await page.goto(url);
      expect(response!.status(), `${name} (${scheme}, ${code})`).toBe(200);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([code, dir]);
      expect(await page.locator("h1").first().textContent()).toBe(language.messages[heading]);
      const background = lightness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      if (scheme === "light") expect(background).toBeGreaterThan(0.6);
      else expect(background).toBeLessThan(0.3);
      // The whole card is in the picture.
      const card = (await page.locator("main.card").boundingBox())!;
      expect(card.x).toBeGreaterThanOrEqual(pictureClip.x + 16);
      expect(card.x + card.width).toBeLessThanOrEqual(pictureClip.x + pictureClip.width - 16);
      expect(card.y).toBeGreaterThanOrEqual(16);
      expect(card.y + card.height).toBeLessThanOrEqual(pictureClip.height - 16);
      const file = `${name}-${scheme}-${code}.png`;
      names.push(file);
      if (updateScreenshots) await page.screenshot({ path: `${screenshotsDir}${file}`, clip: pictureClip });
      expect(existsSync(`${screenshotsDir}${file}`), `${file} is committed (LATCH_UPDATE_SCREENSHOTS=1 writes it)`).toBe(true);
      expect(pngSize(readFileSync(`${screenshotsDir}${file}`))).toEqual({ width: pictureClip.width, height: pictureClip.height });
    }
  }
  await context.setExtraHTTPHeaders({});
  await page.emulateMedia({ colorScheme: null });
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url);
  return names;
}
