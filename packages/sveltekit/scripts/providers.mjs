// Writes src/providers/<id>.ts for every provider of @latch/core, so that imports written for
// `@auth/sveltekit/providers/<id>` work with the package name changed. Run after adding a provider
// to core; test/providers.test.ts fails when the two lists differ.
import { readdirSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function coreProviderIds() {
  const dir = fileURLToPath(new URL("../../core/src/providers/", import.meta.url));
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("test-") && f !== "index.ts" && f !== "types.ts")
    .map((f) => f.slice(0, -3))
    .sort();
}

export function providerModule(id) {
  return `/** \`@latch/core/providers/${id}\`, also at \`@latch/sveltekit/providers/${id}\` (where \`@auth/sveltekit\` apps import it). */\nexport * from "@latch/core/providers/${id}";\nexport { default } from "@latch/core/providers/${id}";\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL("../src/providers/", import.meta.url));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const id of coreProviderIds()) writeFileSync(`${out}${id}.ts`, providerModule(id));
}
