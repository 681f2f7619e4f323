// vite.config.ts: TanStack Start with React, built for Node by Nitro (.output/server/index.mjs).
import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import viteReact from "@vitejs/plugin-react";
import { nitro } from "nitro/vite";
import { defineConfig } from "vite";

// One React for the app and for @latch/react (linked from the workspace, where React is also installed).
export default defineConfig({ plugins: [tanstackStart(), viteReact(), nitro()], resolve: { dedupe: ["react", "react-dom"] } });
