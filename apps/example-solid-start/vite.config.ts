import { solidStart } from "@solidjs/start/config";
import { nitro } from "nitro/vite";
import { defineConfig } from "vite";

// SolidStart's Vite plugin, then Nitro's, which builds the node server into .output/.
export default defineConfig({ plugins: [solidStart({ middleware: "./src/middleware.ts" }), nitro()] });
