import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** @type {import("next").NextConfig} */
export default {
  outputFileTracingRoot: root,
  poweredByHeader: false,
};
