import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** @type {import("next").NextConfig} */
const nextConfig = {
  // The monorepo's root, where node_modules and the lockfile are.
  turbopack: { root },
  outputFileTracingRoot: root,
  // The build's output directory can be moved (the tests build once, into .next).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
};

export default nextConfig;
