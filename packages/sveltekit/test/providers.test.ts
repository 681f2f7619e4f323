/** `@latch/sveltekit/providers/<id>` exists for every provider of core, and is core's provider. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain script without types
import { coreProviderIds, providerModule } from "../scripts/providers.mjs";
import GitHubFromCore from "@latch/core/providers/github";
import GitHub from "@latch/sveltekit/providers/github";

const dir = fileURLToPath(new URL("../src/providers/", import.meta.url));

describe("provider re-exports", () => {
  it("one module per core provider, as the script writes it", () => {
    const ids = (coreProviderIds as () => string[])();
    expect(readdirSync(dir).map((f) => f.slice(0, -3)).sort()).toEqual(ids);
    for (const id of ids) expect(readFileSync(`${dir}${id}.ts`, "utf8")).toBe((providerModule as (id: string) => string)(id));
  });

  it("the re-export is core's factory", () => {
    expect(GitHub).toBe(GitHubFromCore);
  });
});

describe("adapter re-export", () => {
  it("is core's adapter contract", async () => {
    const ours = await import("@latch/sveltekit/adapters");
    const core = await import("@latch/core/adapters");
    expect(ours.requiredAdapterMethods).toBe(core.requiredAdapterMethods);
  });
});
