import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { CommandFailed } from "./exit-codes.js";

/**
 * Imports a package the command needs but `@latch/cli` does not depend on (a driver, an
 * adapter): first as the CLI resolves it, then from the current folder's project.
 */
export async function loadOptional<T>(name: string, neededFor: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (first) {
    if ((first as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw first;
    try {
      const fromProject = createRequire(pathToFileURL(`${process.cwd()}/package.json`)).resolve(name);
      return (await import(pathToFileURL(fromProject).href)) as T;
    } catch {
      throw new CommandFailed(`${neededFor} needs the package "${name}": npm install ${name}`);
    }
  }
}

/**
 * Imports `name` as the project in `cwd` resolves it (the copy its own modules import), or as the
 * CLI resolves it when the project has none: `latch check` must run the app's config through
 * the same `@latch/core` the config was made with.
 */
export async function importFromProject<T>(name: string, cwd: string): Promise<T> {
  let resolved: string | undefined;
  try {
    resolved = createRequire(pathToFileURL(`${cwd}/package.json`)).resolve(name);
  } catch {
    // not installed in the project
  }
  return (await import(resolved ? pathToFileURL(resolved).href : name)) as T;
}
