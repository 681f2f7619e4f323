/**
 * The API reference is generated from the packages' TSDoc by TypeDoc (docs/typedoc.json, what
 * `npm run docs:api` runs) into Markdown pages. Here it is generated into a temporary folder:
 * without a warning (a broken `{@link}`, a type referenced but not exported), with a page for
 * each integration's entry function, `definePlugin` and `AuthConfig`, and every export of
 * `@latch/core`'s main entry, as the TypeScript compiler lists them, linked from its page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ArgumentsReader, ConsoleLogger, LogLevel, TSConfigReader, TypeDocReader, Application, type DeclarationReflection, type ProjectReflection } from "typedoc";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "latch-api-"));

/** TypeDoc's console logger, keeping what it warned about. */
class Collecting extends ConsoleLogger {
  problems: string[] = [];
  override log(message: string, level: Exclude<LogLevel, LogLevel.None>): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.problems.push(message);
  }
}

/** The names `@latch/core` exports from its main entry, by the compiler, from the source. */
function coreExports(): string[] {
  const entry = join(root, "packages/core/src/index.ts");
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, customConditions: ["source"], noEmit: true, skipLibCheck: true, types: ["node"] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return checker.getExportsOfModule(module).map((s) => s.getName()).sort();
}

let project: ProjectReflection;
let logger: Collecting;

beforeAll(async () => {
  const app = await Application.bootstrapWithPlugins({ options: join(root, "docs/typedoc.json") }, [new TypeDocReader(), new TSConfigReader(), new ArgumentsReader(300, ["--out", out])]);
  logger = new Collecting();
  logger.level = app.logger.level;
  app.logger = logger;
  project = (await app.convert())!;
  expect(project, logger.problems.join("\n")).toBeDefined();
  await app.generateOutputs(project);
}, 300_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const page = (path: string) => join(out, path);

describe("the API reference", () => {
  test("is generated without a warning", () => {
    expect(logger.problems).toEqual([]);
    expect(logger.hasWarnings() || logger.hasErrors()).toBe(false);
  });

  test("has a module for every public entry point the config names", () => {
    const config = JSON.parse(readFileSync(join(root, "docs/typedoc.json"), "utf8")) as { entryPoints: string[] };
    const modules = project.children!.map((m) => m.name);
    expect(modules).toHaveLength(config.entryPoints.length);
    for (const name of ["@latch/core", "@latch/core/errors", "@latch/core/jwt", "@latch/core/plugins", "@latch/core/sessions", "@latch/core/webauthn", "@latch/express", "@latch/next", "@latch/next/react", "@latch/react", "@latch/react-router", "@latch/sveltekit", "@latch/pg", "@latch/drizzle", "@latch/typeorm", "@latch/redis", "@latch/xata"]) {
      expect(modules).toContain(name);
      expect(existsSync(page(`${name}/index.md`)), `${name}/index.md`).toBe(true);
    }
  });

  test.each([
    ["Auth", "@latch/core/functions/Auth.md"],
    ["ExpressAuth", "@latch/express/functions/ExpressAuth.md"],
    ["NextAuth", "@latch/next/functions/NextAuth.md"],
    ["SvelteKitAuth", "@latch/sveltekit/functions/SvelteKitAuth.md"],
    ["definePlugin", "@latch/core/plugins/functions/definePlugin.md"],
    ["AuthConfig", "@latch/core/interfaces/AuthConfig.md"],
  ])("has a page for %s", (name, path) => {
    expect(existsSync(page(path)), path).toBe(true);
    expect(readFileSync(page(path), "utf8")).toMatch(new RegExp(`^# \\w+: ${name}\\b`, "m"));
  });

  test("lists every export of @latch/core's main entry, each linked to its page", () => {
    const names = coreExports();
    expect(names).toEqual(expect.arrayContaining(["Auth", "AuthConfig", "AuthError", "setEnvDefaults", "Session"]));
    const core = project.getChildByName("@latch/core") as DeclarationReflection;
    const documented = new Set(core.children?.map((c) => c.name));
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
    const index = readFileSync(page("@latch/core/index.md"), "utf8");
    const missing = names.filter((name) => {
      const link = new RegExp(`\\[${name}\\]\\(([^)]+)\\)`).exec(index);
      return !link || !existsSync(join(out, "@latch/core", link[1]!));
    });
    expect(missing).toEqual([]);
  });
});
