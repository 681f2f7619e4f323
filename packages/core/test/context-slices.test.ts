/**
 * Functions declare the slice of the resolved context they read (`config/slices.ts`, or an inline
 * `Pick<AuthContext, …>`), not the whole `AuthContext`. This test reads core's source
 * (`packages/core/src`, tests left out), counts the parameters still typed as the whole context,
 * prints them by file, and fails when there are more than the ceiling below: a new function takes
 * the slice it needs, and the ceiling comes down as more of them do. It also fails on a named slice
 * that nothing uses.
 *
 * The last block runs the same checks on small fixtures, so a check that stopped finding what it
 * looks for fails here too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const srcDir = fileURLToPath(new URL("../src", import.meta.url));
const slicesFile = "config/slices.ts";

/**
 * Parameters typed as the whole context, counted as measured. The handlers of the rows, and the
 * functions that hand the context on to one that takes it whole (the CSRF and callback-URL reads of
 * `actions/request-state.ts`, the session strategy of `session/index.ts`, the sign-in's
 * `signin/complete.ts` and `signin/gate.ts`), keep it: `Admin()`'s impersonation's two handlers
 * hand it to the sign-in gate and to the session strategy; the audit trail's `around` copies the
 * context whole for the request it follows; making an API key asks the session strategy whether the
 * sign-in is recent (`api-keys/endpoints.ts`).
 */
// 73: the router's checked run and a plugin's sign-in hand the whole context on to the router and to
// the sign-in, which take it; the router keeps it for a warm GET's handler (`remember` in auth.ts).
const ceiling = 73;

/** `//` and block comments removed (a `//` after `:` stays: it is a URL's). */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** A parameter (of a function, an arrow, a method or a function type) typed exactly `AuthContext`. */
const wholeParameter = /[(,]\s*(?:readonly\s+)?[A-Za-z_$][\w$]*\??\s*:\s*AuthContext\s*(?=[,)=])/g;

/** How many parameters of one source are typed as the whole context. */
export function wholeContextParameters(source: string): number {
  return withoutComments(source).match(wholeParameter)?.length ?? 0;
}

/** The counts by file (files without one left out) and their sum. */
export function countWhole(sources: ReadonlyMap<string, string>): { total: number; files: Record<string, number> } {
  const files: Record<string, number> = {};
  let total = 0;
  for (const [file, source] of sources) {
    const n = wholeContextParameters(source);
    if (n > 0) {
      files[file] = n;
      total += n;
    }
  }
  return { total, files };
}

/** The names `config/slices.ts` exports, each with whether it is a `Pick` of `AuthContext`. */
export function namedSlices(source: string): { name: string; pick: boolean }[] {
  return [...withoutComments(source).matchAll(/export\s+type\s+(\w+)\s*=\s*([^;]+);/g)].map((m) => ({
    name: m[1]!,
    pick: /^Pick<AuthContext,\s*"[^>]+>$/.test(m[2]!.trim()),
  }));
}

/** The slices no source but `config/slices.ts` names. */
export function unusedSlices(sources: ReadonlyMap<string, string>): string[] {
  const slices = namedSlices(sources.get(slicesFile) ?? "");
  const others = [...sources].filter(([file]) => file !== slicesFile).map(([, source]) => withoutComments(source));
  return slices.filter(({ name }) => !others.some((source) => new RegExp(`\\b${name}\\b`).test(source))).map(({ name }) => name);
}

/** What is wrong with the sources: over the ceiling, or an unused slice. */
export function problems(sources: ReadonlyMap<string, string>, max: number): string[] {
  const { total } = countWhole(sources);
  const found = total > max ? [`${total} parameters take the whole AuthContext, more than ${max}: give the new ones the slice they read`] : [];
  return [...found, ...unusedSlices(sources).map((name) => `the slice ${name} of ${slicesFile} is not used`)];
}

function coreSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !/\.test(-d)?\.ts$/.test(entry.name)) sources.set(relative(srcDir, path).split("\\").join("/"), readFileSync(path, "utf8"));
    }
  };
  walk(srcDir);
  return sources;
}

describe("context slices in core's source", () => {
  const sources = coreSources();

  test("no more parameters take the whole AuthContext than the ceiling", () => {
    const { total, files } = countWhole(sources);
    console.log(`${total} parameters typed as the whole AuthContext (ceiling ${ceiling}):\n${Object.entries(files).map(([file, n]) => `  ${file}: ${n}`).join("\n")}`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(ceiling);
  });

  test("every named slice is a Pick of AuthContext and is used", () => {
    const slices = namedSlices(sources.get(slicesFile) ?? "");
    expect(slices.length).toBeGreaterThanOrEqual(3);
    expect(slices.filter(({ pick }) => !pick)).toEqual([]);
    expect(unusedSlices(sources)).toEqual([]);
    expect(problems(sources, ceiling)).toEqual([]);
  });
});

describe("the checks find what they look for", () => {
  const fixture = [
    `import type { AuthContext } from "./context.js";`,
    `export function a(ctx: AuthContext, req: Request): void {}`,
    `export const b = async (ctx: AuthContext) => ctx.baseUrl;`,
    `function c(`,
    `  error: unknown,`,
    `  ctx: AuthContext,`,
    `): void {}`,
    `interface D { e(ctx?: AuthContext): void; handler: (context: AuthContext, req: Request) => void }`,
    // Not counted: slices, a member's type, a field, a return type, a comment, a longer name.
    `function f(ctx: Pick<AuthContext, "baseUrl">, theme: AuthContext["theme"]): AuthContext { return g(); }`,
    `interface G { ctx: AuthContext; other: AuthContextLike }`,
    `// function h(ctx: AuthContext) {}`,
    `/** (ctx: AuthContext) */`,
  ].join("\n");

  test("whole-context parameters are counted, slices and other uses are not", () => {
    expect(wholeContextParameters(fixture)).toBe(5);
    expect(wholeContextParameters(`const u = "https://example.com"; function k(ctx: AuthContext) {}`)).toBe(1);
  });

  test("one parameter more than the ceiling fails", () => {
    const slices = `export type PageContext = Pick<AuthContext, "baseUrl" | "pages">;`;
    const sources = new Map([
      [slicesFile, slices],
      ["a.ts", fixture],
      ["b.ts", `function page(ctx: PageContext) {}`],
    ]);
    expect(problems(sources, 5)).toEqual([]);
    expect(problems(sources, 4)).toEqual(["5 parameters take the whole AuthContext, more than 4: give the new ones the slice they read"]);
    expect(countWhole(sources)).toEqual({ total: 5, files: { "a.ts": 5 } });
  });

  test("an unused slice fails, and a slice that is not a Pick is told apart", () => {
    const slices = [
      `export type PageContext = Pick<AuthContext, "baseUrl" | "pages">;`,
      `export type MailContext = Pick<AuthContext, "providers">;`,
      `export type Loose = Partial<AuthContext>;`,
    ].join("\n");
    const sources = new Map([
      [slicesFile, slices],
      ["b.ts", `function page(ctx: PageContext) {}\n// MailContext named in a comment only`],
    ]);
    expect(namedSlices(slices)).toEqual([
      { name: "PageContext", pick: true },
      { name: "MailContext", pick: true },
      { name: "Loose", pick: false },
    ]);
    expect(unusedSlices(sources)).toEqual(["MailContext", "Loose"]);
    expect(problems(sources, 10)).toEqual([`the slice MailContext of ${slicesFile} is not used`, `the slice Loose of ${slicesFile} is not used`]);
  });
});
