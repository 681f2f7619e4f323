import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { exitCodes, type ExitCode } from "./exit-codes.js";
import type { Io } from "./output.js";

/** One preset of `@latch/core/providers/<id>` and the environment variables Latch reads for it. */
export interface PresetInfo {
  /** The module name, `@latch/core/providers/<module>`. */
  module: string;
  id: string;
  name: string;
  type: string;
  /** `AUTH_<ID>_ID`, `_SECRET`, `_ISSUER` for OAuth/OIDC, `AUTH_<ID>_KEY` for email services. */
  env: string[];
}

/** `AUTH_<ID>`: the id upper-cased, `-` → `_` (as core's `setEnvDefaults` reads it). */
export function envPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
}

/** The variables `setEnvDefaults` fills a provider of `type` from. */
export function envVariables(id: string, type: string): string[] {
  const prefix = envPrefix(id);
  if (type === "oauth" || type === "oidc") return [`${prefix}_ID`, `${prefix}_SECRET`, `${prefix}_ISSUER`];
  if (type === "email") return [`${prefix}_KEY`];
  return [];
}

/** The preset module names of the installed `@latch/core`, from its `dist/providers/` folder. */
export function presetModules(): string[] {
  const dir = dirname(fileURLToPath(import.meta.resolve("@latch/core/providers/github")));
  return readdirSync(dir)
    .filter((file) => file.endsWith(".js") && file !== "index.js" && file !== "types.js")
    .map((file) => file.slice(0, -3))
    .sort();
}

/** Loads every preset and reads its id, name and type (a preset is a function of its options). */
export async function presets(): Promise<PresetInfo[]> {
  const list: PresetInfo[] = [];
  for (const module of presetModules()) {
    const exported = (await import(`@latch/core/providers/${module}`)) as { default?: unknown };
    const factory = exported.default;
    const made = (typeof factory === "function" ? (factory as (options: object) => unknown)({}) : factory) as
      | { id?: string; name?: string; type?: string }
      | undefined;
    if (!made?.id || !made.type) continue;
    list.push({ module, id: made.id, name: made.name ?? made.id, type: made.type, env: envVariables(made.id, made.type) });
  }
  return list;
}

/** `latch providers [--json] [--type <type>]` */
export async function providersCommand(args: string[], io: Io): Promise<ExitCode> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" }, type: { type: "string" } }, strict: true });
  const list = (await presets()).filter((preset) => !values.type || preset.type === values.type);
  if (values.json) {
    io.out.line(JSON.stringify(list, null, 2));
    return exitCodes.ok;
  }
  const width = (key: "id" | "name" | "type") => Math.max(key.length, ...list.map((preset) => preset[key].length));
  const [id, name, type] = [width("id"), width("name"), width("type")];
  io.out.line(io.out.style("bold", `${"id".padEnd(id)}  ${"name".padEnd(name)}  ${"type".padEnd(type)}  environment variables`));
  for (const preset of list) {
    io.out.line(`${preset.id.padEnd(id)}  ${preset.name.padEnd(name)}  ${preset.type.padEnd(type)}  ${io.out.style("dim", preset.env.join(" ") || "—")}`);
  }
  io.out.line();
  io.out.line(`${list.length} presets. Import one as @latch/core/providers/<module>; _ISSUER is needed only by presets without a fixed issuer.`);
  return exitCodes.ok;
}
