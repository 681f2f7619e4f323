/**
 * The Astro example built once (`astro build` on Node 24, Astro's own minimum being 22.12) and
 * started as its own process (`npm start`'s command: @astrojs/node in standalone mode) with the
 * environment a deployment gives it; then driven over HTTP, through the request-conversion attacks
 * on a real socket, and in headless Chromium through `@latch/testing`'s example suite.
 */
import { fileURLToPath } from "node:url";
import { exampleSuite } from "@latch/testing/vitest";
import { expect, it } from "vitest";
import { build, missing, node } from "./astro.js";

const appDir = fileURLToPath(new URL("..", import.meta.url));

// @astrojs/node builds the Fetch `Request` itself before any app code runs: from a request line
// or Host it cannot make a URL of, it makes `/` (the home page, or its 404), and for TRACE or a
// Host with user info, which the Fetch standard forbids, it answers its own 500. Latch never sees
// these requests; the suite checks that the answers leak nothing.
const answeredByServer = new Set([
  "an absolute-form request line does not set the origin",
  "an absolute-form https request line does not set the origin",
  "a Host with user info is refused or ignored",
  "a Host with a path is refused or ignored",
  "a Host with a bad port is refused or ignored",
  "a Host that is not a host name is refused or ignored",
  "TRACE is refused with a 4xx JSON answer",
  "an absolute-form request line and a forged Host do not change the site URL's origin",
]);

await exampleSuite({
  title: "the Astro example",
  skip: missing,
  prepare: () => build(appDir),
  app: { name: "example-astro", cwd: appDir, node: node!, args: ["dist/server/entry.mjs"] },
  attacks: { answeredByServer, server: "@astrojs/node" },
  clientButtons: true,
  http: ({ origin }) => {
    it("the home page shows no session to a signed-out visitor", async () => {
      const page = await (await fetch(`${origin}/`)).text();
      expect(page).toContain('<a id="signin" href="/auth/signin">Sign in</a>');
      expect(page).not.toContain('id="hello"');
    });
  },
});
