/**
 * The provider tables cannot drift from the provider modules: the documentation's table
 * (docs/site/guides/providers.md) must be the one
 * `scripts/providers-table.ts` makes from the modules, and `PROVIDERS.md` must have one row per
 * preset, with the module's id, name and type.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { presetSummaries, providersTable, tableMarkers } from "../../scripts/providers-table.js";

const page = readFileSync(new URL("../../../../docs/site/guides/providers.md", import.meta.url), "utf8");
const providersMd = readFileSync(new URL("../../PROVIDERS.md", import.meta.url), "utf8");

describe("provider tables", () => {
  test("the documentation's table is the one generated from the provider modules", async () => {
    const presets = await presetSummaries();
    expect(presets.length).toBeGreaterThanOrEqual(100);
    const start = page.indexOf(tableMarkers.start);
    const end = page.indexOf(tableMarkers.end);
    expect(start, "docs/site/guides/providers.md has the table markers").toBeGreaterThan(-1);
    const table = page.slice(start + tableMarkers.start.length, end).trim();
    // On failure: node --import tsx packages/core/scripts/providers-table.ts
    expect(table).toBe(providersTable(presets));
  });

  test("PROVIDERS.md has one row per preset, with its id, name and type", async () => {
    const presets = await presetSummaries();
    const rows = [...providersMd.matchAll(/^\| `([^`]+)` \| ([^|]+) \| (oauth|oidc) \|/gm)].map((m) => ({ id: m[1], name: m[2]!.trim(), type: m[3] }));
    expect(rows).toEqual(presets.map(({ id, name, type }) => ({ id, name, type })));
  });
});
