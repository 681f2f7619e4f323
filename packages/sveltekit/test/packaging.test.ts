/**
 * What `npm pack` ships: every file the `exports` map names (except the `source` condition, which
 * only the monorepo uses) is in the tarball, for every provider of the `./providers/*` pattern
 * too; the Svelte components ship as sources; nothing else from `src/` does. Needs the package
 * built (`npm run build -w @latch/sveltekit`; the root `npm run build` does it).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(readFileSync(`${dir}package.json`, "utf8")) as { exports: Record<string, Record<string, string> | string> };

function packed(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return new Set((JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path));
}

describe("the published package", () => {
  const files = packed();
  const providers = [...files].filter((f) => /^dist\/providers\/[^/]+\.js$/.test(f));

  it("contains every target of the exports map", () => {
    for (const [subpath, targets] of Object.entries(manifest.exports)) {
      const entries: [string, string][] = typeof targets === "string" ? [["default", targets]] : Object.entries(targets);
      for (const [condition, target] of entries) {
        if (condition === "source") continue;
        const path = target.replace(/^\.\//, "");
        if (path.includes("*")) {
          // Every provider module has its counterpart for this condition.
          expect(providers.length, subpath).toBeGreaterThan(40);
          for (const js of providers) expect(files.has(path.replace("*", js.slice("dist/providers/".length, -3))), `${subpath} ${condition} ${js}`).toBe(true);
        } else {
          expect(files.has(path), `${subpath} ${condition} → ${path}`).toBe(true);
        }
      }
    }
  });

  it("ships the components as Svelte sources and no other source file", () => {
    expect(files.has("src/components/SignIn.svelte")).toBe(true);
    expect(files.has("src/components/SignOut.svelte")).toBe(true);
    expect([...files].filter((f) => f.startsWith("src/") && !f.startsWith("src/components/"))).toEqual([]);
    expect([...files].filter((f) => f.includes(".test."))).toEqual([]);
  });
});
