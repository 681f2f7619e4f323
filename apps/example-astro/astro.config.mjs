// astro.config.mjs: on-demand rendering on Node (@astrojs/node, standalone) with Latch's
// integration, which serves the auth routes at /auth/[...auth] with the config of auth.config.ts.
import node from "@astrojs/node";
import auth from "@latch/astro";
import { defineConfig } from "astro/config";

// Astro trusts the Host header only for the domains listed here (else it sees "localhost", and its
// own origin check refuses the sign-in forms): the site's address, from AUTH_URL at build time.
const site = process.env.AUTH_URL ? new URL(process.env.AUTH_URL) : new URL("http://localhost:4321");

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [auth({ prefix: "/auth" })],
  security: { allowedDomains: [{ protocol: site.protocol.slice(0, -1), hostname: site.hostname, ...(site.port ? { port: site.port } : {}) }] },
});
