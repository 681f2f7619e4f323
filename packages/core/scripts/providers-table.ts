/**
 * The documentation's table of built-in OAuth / OpenID Connect providers, made from the provider modules
 * themselves: each module's default export is called with no options and its id, name, type,
 * issuer and authorization endpoint are read. `node --import tsx packages/core/scripts/providers-table.ts`
 * rewrites the table in docs/site/guides/providers.md (between its `providers-table` markers); a
 * test fails when the page's table is not the one this script makes.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const providersDir = fileURLToPath(new URL("../src/providers/", import.meta.url));
const page = fileURLToPath(new URL("../../../docs/site/guides/providers.md", import.meta.url));

/** The markers around the generated table in docs/site/guides/providers.md. */
export const tableMarkers = { start: "<!-- providers-table:start -->", end: "<!-- providers-table:end -->" } as const;

/** What the table says of one preset. */
export interface PresetSummary {
  id: string;
  name: string;
  type: "oauth" | "oidc";
  /** The issuer the preset defaults to, if any. */
  issuer?: string;
  /** The authorization endpoint, when the preset names it. */
  authorization?: string;
}

interface PresetShape {
  id: string;
  name: string;
  type: string;
  issuer?: string;
  authorization?: string | { url?: string };
}

/** Every OAuth 2 / OpenID Connect preset module of `src/providers`, sorted by id. */
export async function presetSummaries(): Promise<PresetSummary[]> {
  const presets: PresetSummary[] = [];
  for (const file of readdirSync(providersDir)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const module = (await import(pathToFileURL(`${providersDir}${file}`).href)) as { default?: unknown };
    if (typeof module.default !== "function") continue;
    let preset: PresetShape;
    try {
      preset = (module.default as (options: object) => PresetShape)({});
    } catch {
      continue;
    }
    // Email and credentials providers, and the factories of an app's own provider (no id of their own), are no presets of this table.
    if ((preset.type !== "oauth" && preset.type !== "oidc") || !preset.id) continue;
    const url = typeof preset.authorization === "string" ? preset.authorization : preset.authorization?.url;
    presets.push({ id: preset.id, name: preset.name, type: preset.type, issuer: preset.issuer, authorization: url });
  }
  return presets.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Where a preset signs users in: its issuer, its authorization endpoint, or the option it needs. */
function where(preset: PresetSummary): string {
  const issuer = preset.issuer?.replace(/\/+$/, "");
  const variable = `AUTH_${preset.id.toUpperCase().replace(/-/g, "_")}_ISSUER`;
  if (preset.type === "oidc") return preset.issuer ? `\`${preset.issuer}\`` : `your \`issuer\` (or \`${variable}\`)`;
  if (!preset.authorization) return "discovery from `issuer`";
  if (/^https?:/.test(preset.authorization)) return `\`${preset.authorization.split("?")[0]}\``;
  if (!issuer) return `under your \`issuer\` (or \`${variable}\`)`;
  return `\`${issuer}/${preset.authorization}\` (or under \`issuer\`)`;
}

/** The Markdown table, one row per preset. */
export function providersTable(presets: readonly PresetSummary[]): string {
  const rows = presets.map((p) => `| \`${p.id}\` | ${p.name} | ${p.type === "oidc" ? "OpenID Connect" : "OAuth 2"} | ${where(p)} |`);
  return [`| id | provider | protocol | signs in at |`, `| --- | --- | --- | --- |`, ...rows].join("\n");
}

/** The page with its table replaced by `table`. */
export function withTable(text: string, table: string): string {
  const start = text.indexOf(tableMarkers.start);
  const end = text.indexOf(tableMarkers.end);
  if (start < 0 || end < start) throw new Error(`the page lacks the ${tableMarkers.start} … ${tableMarkers.end} markers`);
  return `${text.slice(0, start + tableMarkers.start.length)}\n${table}\n${text.slice(end)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const presets = await presetSummaries();
  writeFileSync(page, withTable(readFileSync(page, "utf8"), providersTable(presets)));
  console.log(`docs/site/guides/providers.md: ${presets.length} providers`);
}
