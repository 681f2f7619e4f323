import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// One React for the app and for @latch/react (linked from the workspace, where React is also installed).
export default defineConfig({ plugins: [reactRouter()], resolve: { dedupe: ["react", "react-dom"] } });
