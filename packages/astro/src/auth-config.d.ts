/** The app's `auth.config.ts`, which the integration's Vite plugin serves under this name. */
declare module "auth:config" {
  const config: import("./config.js").FullAuthConfig;
  export default config;
}
