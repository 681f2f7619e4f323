import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** @type {import("next").NextConfig} */
export default {
  outputFileTracingRoot: root,
  poweredByHeader: false,
  // `next build` type-checks the app; there is no ESLint setup to run.
  eslint: { ignoreDuringBuilds: true },
};
