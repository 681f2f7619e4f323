/**
 * The theme's colours as Chromium paints them: the pages check only the shape of a colour, and a
 * keyword is set under an `@supports` of itself, so a name the browser does not know leaves the
 * default colours instead of blanking the buttons.
 */
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { renderSignInPage } from "../src/pages/signin.js";
import type { Theme } from "../src/types/theme.js";
import type { PageProvider } from "../src/pages/types.js";

const run = await chromiumAvailable();
const base = "https://app.example/auth";

const provider = (style?: PageProvider["style"]): PageProvider => ({
  id: "corp", name: "Corp", type: "oidc", signinUrl: `${base}/signin/corp`, callbackUrl: `${base}/callback/corp`, ...(style && { style }),
});
const credentials: PageProvider = {
  id: "credentials", name: "Credentials", type: "credentials", signinUrl: `${base}/signin/credentials`, callbackUrl: `${base}/callback/credentials`,
  credentials: { username: { label: "Username" } },
};

describe.runIf(run)("theme colours in Chromium", { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** The computed background and text colour of the credentials form's button and of the provider's button. */
  async function painted(theme: Theme, style?: PageProvider["style"]) {
    const { html } = renderSignInPage({ providers: [provider(style), credentials], csrfToken: "t", callbackUrl: "https://app.example/", theme });
    const page = await browser.newPage();
    try {
      await page.setContent(html);
      const colors = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const css = getComputedStyle(el);
          return [css.backgroundColor, css.color];
        });
      return { button: await colors("form[action$='/callback/credentials'] button"), provider: await colors("button.provider") };
    } finally {
      await page.close();
    }
  }

  test("a known keyword, hex or rgb() is painted; an unknown keyword leaves the default brand and provider colours", async () => {
    const defaults = await painted({ colorScheme: "light" });
    expect(defaults.button).toEqual(["rgb(36, 81, 199)", "rgb(255, 255, 255)"]);
    expect((await painted({ colorScheme: "light", brandColor: "rebeccapurple", buttonText: "ivory" })).button).toEqual(["rgb(102, 51, 153)", "rgb(255, 255, 240)"]);
    expect((await painted({ colorScheme: "light", brandColor: "#0f766e", buttonText: "rgb(1, 2, 3)" })).button).toEqual(["rgb(15, 118, 110)", "rgb(1, 2, 3)"]);
    expect((await painted({ colorScheme: "light", brandColor: "notacolor", buttonText: "ivory" })).button).toEqual(defaults.button);
    // A known brand with an unknown text colour keeps the brand and its default white text.
    expect((await painted({ colorScheme: "light", brandColor: "rebeccapurple", buttonText: "notacolor" })).button).toEqual(["rgb(102, 51, 153)", "rgb(255, 255, 255)"]);
    expect((await painted({ colorScheme: "light" }, { bg: "navy", text: "notacolor" })).provider).toEqual(["rgb(0, 0, 128)", defaults.provider[1]]);
    expect((await painted({ colorScheme: "light" }, { bg: "navyy" })).provider).toEqual(defaults.provider);
  });
});
