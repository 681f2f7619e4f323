// astro.config.mjs: on-demand rendering on Node (@astrojs/node, standalone) with Latch's
// integration, which serves the auth routes at /auth/[...auth] with the config of auth.config.ts.
import node from "@astrojs/node";
import auth from "@latch/astro";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [auth({ prefix: "/auth" })],
});
