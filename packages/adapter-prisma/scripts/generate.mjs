// Generates the Prisma clients of the three providers' schemas into generated/<provider>, as the
// tests and the documentation's checked examples use them; the package's build runs it first, so
// `npm test` on a fresh clone proves it works from the npm packages alone. `prisma generate` needs
// only the npm packages (the client is built by WebAssembly), but the CLI first makes sure the
// native schema engine is downloaded: a PRISMA_SCHEMA_ENGINE_BINARY already set is kept; otherwise
// it names a stand-in that says so.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? join(here, "no-schema-engine.sh"), PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };

for (const provider of process.argv.slice(2).length ? process.argv.slice(2) : ["postgresql", "mysql", "sqlite"]) {
  execFileSync(process.execPath, [cli, "generate", "--schema", join(root, "prisma", provider, "schema.prisma")], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
}
