import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AuthConfig } from "@latch/core";
import { CommandFailed } from "./exit-codes.js";

/** Where `latch check` looks for the config module when `--config` is not given, in order. */
export const defaultConfigPaths = ["auth.config.ts", "auth.config.js", "auth.config.mjs", "auth.ts", "auth.js", "auth.mjs", "src/auth.ts", "src/auth.js", "src/lib/auth.ts", "src/lib/auth.js"];

/** The config module's path: `--config` relative to `cwd`, or the first of {@link defaultConfigPaths} that exists. */
export function findConfigModule(cwd: string, given: string | undefined): string {
  if (given) {
    const path = resolve(cwd, given);
    if (!existsSync(path)) throw new CommandFailed(`No config module at ${given}.`);
    return path;
  }
  const found = defaultConfigPaths.map((path) => resolve(cwd, path)).find((path) => existsSync(path));
  if (!found) throw new CommandFailed(`No config module found (looked for ${defaultConfigPaths.join(", ")}); name it with --config <module>.`);
  return found;
}

/**
 * Imports a TypeScript module through `tsx` (the project's own, else the one next to the CLI),
 * for Node versions that do not strip types themselves.
 */
async function importTypeScript(path: string, cwd: string): Promise<unknown> {
  for (const base of [pathToFileURL(`${cwd}/package.json`).href, import.meta.url]) {
    let manifest: string;
    try {
      manifest = createRequire(base).resolve("tsx/package.json");
    } catch {
      continue;
    }
    // The ES module entry of `tsx/esm/api`, read from tsx's exports map (a require() resolve would give the CommonJS one).
    const exportsMap = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports;
    const api = new URL(exportsMap["./esm/api"]!.import.default, pathToFileURL(manifest));
    const { tsImport } = (await import(api.href)) as { tsImport: (specifier: string, parent: string) => Promise<unknown> };
    return tsImport(pathToFileURL(path).href, import.meta.url);
  }
  throw new CommandFailed(`${path} is TypeScript: install tsx (npm install -D tsx) or run Node ≥ 22.18, or point --config at the compiled module.`);
}

/** The `AuthConfig` a module exports: its default export, or `authConfig`. */
export async function loadConfigModule(path: string, cwd: string): Promise<AuthConfig> {
  let exported: Record<string, unknown>;
  try {
    try {
      exported = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (![".ts", ".mts", ".cts"].includes(extname(path)) || (code !== "ERR_UNKNOWN_FILE_EXTENSION" && !(error instanceof SyntaxError))) throw error;
      exported = (await importTypeScript(path, cwd)) as Record<string, unknown>;
    }
  } catch (error) {
    if (error instanceof CommandFailed) throw error;
    throw new CommandFailed(`Could not load ${path}: ${(error as Error).message}`);
  }
  const isConfig = (value: unknown): value is AuthConfig => !!value && typeof value === "object" && Array.isArray((value as AuthConfig).providers);
  const config = [exported.default, exported.authConfig].find(isConfig);
  if (!config) {
    throw new CommandFailed(`${path} exports no config: export it as \`authConfig\` or as the default export (an object with \`providers\`).`);
  }
  return config;
}
