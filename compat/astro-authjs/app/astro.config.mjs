// An Astro app on auth-astro, set up as its README says: on-demand rendering with an adapter, and
// the integration, which serves Auth.js at /api/auth/[...auth] with the config of auth.config.ts.
import node from "@astrojs/node";
import { defineConfig } from "astro/config";
import auth from "auth-astro";

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [auth()],
});
