// Writes src/providers/<id>.ts for every provider of @latch/core, so that imports written for
// `@auth/express/providers/<id>` work with the package name changed. Run after adding a provider
// to core; test/auth-express-paths.test.ts fails when the two lists differ.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The preset modules of core's sources. */
export function coreProviderIds() {
  const dir = fileURLToPath(new URL("../../core/src/providers/", import.meta.url));
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !/\.test\.ts$|\.test-d\.ts$/.test(f) && !f.startsWith("test-") && f !== "index.ts" && f !== "types.ts")
    .map((f) => f.slice(0, -3))
    .sort();
}

/** The text of `src/providers/<id>.ts`. */
export function providerModule(id) {
  return `/** \`@latch/core/providers/${id}\`, also at \`@latch/express/providers/${id}\` (where \`@auth/express\` apps import it). */\nexport * from "@latch/core/providers/${id}";\nexport { default } from "@latch/core/providers/${id}";\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL("../src/providers/", import.meta.url));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const id of coreProviderIds()) writeFileSync(`${out}${id}.ts`, providerModule(id));
}
