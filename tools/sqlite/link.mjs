// Links the better-sqlite3 that `npm ci --prefix tools/sqlite` installed into the root
// node_modules, where TypeORM, Drizzle and the SQLite test suites look for it. Its own
// dependencies resolve from tools/sqlite/node_modules (Node follows the link to the real path).
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, "node_modules", "better-sqlite3");
const link = join(here, "..", "..", "node_modules", "better-sqlite3");
if (!existsSync(target)) throw new Error(`no ${target}: run \`npm ci --prefix tools/sqlite\` first`);
mkdirSync(dirname(link), { recursive: true });
if (existsSync(link) || lstatSync(link, { throwIfNoEntry: false })) rmSync(link, { recursive: true, force: true });
symlinkSync(relative(dirname(link), target), link, "dir");
console.log(`linked ${relative(process.cwd(), link)} → ${relative(process.cwd(), target)}`);
