/**
 * The Fastify example started as its own Node process (`npm start`'s command) with the
 * environment a deployment gives it, and driven over HTTP and in headless Chromium through
 * `@latch/testing`'s example suite: the protected route, credentials sign-in (right and wrong
 * password), sign-in at an OpenID Provider (a real `oidc-provider` on loopback), the session in a
 * page, sign-out.
 */
import { fileURLToPath } from "node:url";
import { exampleSuite } from "@latch/testing/vitest";
import { expect, it } from "vitest";

await exampleSuite({
  title: "the Fastify example",
  app: { name: "example-fastify", cwd: fileURLToPath(new URL("..", import.meta.url)) },
  attacks: false,
  http: ({ origin }) => {
    it("the app's own JSON route is parsed by Fastify next to Latch's routes", async () => {
      const response = await fetch(`${origin}/api/notes`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "NotSignedIn" });
    });
  },
});
