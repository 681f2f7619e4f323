/**
 * Loads a runtime-specific implementation named by a package import (`#jwe`, `#hash`: the
 * node:crypto one under the `node` condition, the portable Web Crypto one elsewhere). Where the
 * specifier does not resolve at all — Deno loading these files through an import map, which
 * bypasses package.json — the portable implementation is used: it is the reference the other is
 * tested against. `load` must be a literal `import("#…")` so that bundlers see it.
 */
export function importOrPortable<T>(load: () => Promise<T>, specifier: string, portable: T): Promise<T> {
  return load().catch((error: unknown) => {
    // Only a specifier that cannot be resolved falls back; a module that fails to load is an error.
    if (error instanceof Error && error.message.includes(specifier)) return portable;
    throw error;
  });
}
