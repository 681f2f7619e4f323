// nuxt.config.ts: Latch's module serves the auth routes through Nitro at /auth/** with the config
// of auth.config.ts, renders the session on the server for useSession() and adds the `auth` middleware.
export default defineNuxtConfig({
  compatibilityDate: "2026-01-01",
  modules: ["@latch/nuxt"],
  latch: { basePath: "/auth" },
  // Built once for everyone: the page reads the session in the browser.
  routeRules: { "/about": { prerender: true } },
  devtools: { enabled: false },
  telemetry: false,
});
