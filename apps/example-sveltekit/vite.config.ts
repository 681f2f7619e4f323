import { sveltekit } from "@sveltejs/kit/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [sveltekit()],
  // The workspace packages ship ESM with dist/ builds; bundle them into the server.
  ssr: { noExternal: ["@latch/sveltekit"] },
});
