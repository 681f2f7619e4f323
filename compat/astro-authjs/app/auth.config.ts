// auth-astro's config file: one credentials provider. AUTH_SECRET comes from the environment.
import Credentials from "@auth/core/providers/credentials";
import { defineConfig } from "auth-astro";

export default defineConfig({
  trustHost: true,
  providers: [
    Credentials({
      credentials: { username: {}, password: {} },
      authorize: async ({ username, password }) => (password === "open sesame" ? { id: "7", name: String(username), email: `${String(username)}@example.com` } : null),
    }),
  ],
});
