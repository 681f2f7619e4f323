#!/usr/bin/env node
/**
 * Moves an app written for next-auth@5 to Latch by renaming its imports, and nothing else:
 * `next-auth` → `@latch/next`, `next-auth/<path>` → `@latch/next/<path>` (react, providers/*,
 * jwt, adapters, webauthn), in imports, re-exports and `declare module` blocks.
 *
 *   node scripts/from-next-auth.mjs <from-dir> <to-dir>
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A module specifier `"next-auth"` or `"next-auth/…"` in either quote. */
const specifier = /(["'])next-auth(\/[A-Za-z0-9_./-]+)?\1/g;

/** The source with every next-auth specifier renamed. */
export function renameImports(source) {
  return source.replace(specifier, (_, quote, path = "") => `${quote}@latch/next${path}${quote}`);
}

/** Copies `from` to `to` (emptied first), renaming imports in .ts, .tsx, .js and .mjs files. */
export function convertApp(from, to) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    if (statSync(source).isDirectory()) convertApp(source, target);
    else if (/\.(tsx?|m?js)$/.test(name)) writeFileSync(target, renameImports(readFileSync(source, "utf8")));
    else cpSync(source, target);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) {
    console.error("usage: from-next-auth.mjs <from-dir> <to-dir>");
    process.exit(2);
  }
  convertApp(from, to);
}
