/**
 * The Express example started as its own Node process (`npm start`'s command) with the
 * environment a deployment gives it, and driven over HTTP and in headless Chromium through
 * `@latch/testing`'s example suite: the protected route, credentials sign-in (right and wrong
 * password), sign-in at an OpenID Provider (a real `oidc-provider` on loopback), the session in a
 * page, sign-out.
 */
import { fileURLToPath } from "node:url";
import { exampleSuite } from "@latch/testing/vitest";

await exampleSuite({ title: "the Express example", app: { name: "example-express", cwd: fileURLToPath(new URL("..", import.meta.url)) }, attacks: false });
