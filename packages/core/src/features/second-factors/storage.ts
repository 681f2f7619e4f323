import type { Adapter, AdapterSecondFactor } from "../../adapter.js";
import { guardMethods } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import { MissingAdapter } from "../../errors.js";
import { secondFactorMethods } from "./adapter-methods.js";
import { secondFactorsCode } from "../../symbols.js";
import type { SecondFactorSettings } from "../../types/second-factor-options.js";


/** The adapter methods second factors use, guarded (a missing one names itself; a throwing one is `AdapterError`). */
export type SecondFactorStore = Required<Pick<Adapter, (typeof secondFactorMethods)[number]>>;

/** The guarded second-factor methods of the configured adapter. */
export function storeOf(ctx: Pick<AuthContext, "adapter">): SecondFactorStore {
  if (!ctx.adapter) throw new MissingAdapter("Second factors need an adapter to store them; set `adapter` in the config.");
  return guardMethods(ctx.adapter, secondFactorMethods);
}

/** The option's settings; a configuration error when second factors are off. */
export function settingsOf(ctx: Pick<AuthContext, "secondFactor">): SecondFactorSettings {
  const code = ctx.secondFactor?.[secondFactorsCode] as { settings: SecondFactorSettings } | undefined;
  if (!code) throw new MissingAdapter("Second factors are off: pass secondFactor = SecondFactors() of @latch/core/second-factors.");
  return code.settings;
}

/** The user's rows of one kind, the newest first. */
export async function rowsOf(store: SecondFactorStore, userId: string, kind: string): Promise<AdapterSecondFactor[]> {
  const rows = await store.listSecondFactors(userId);
  return rows.filter((row) => row.userId === userId && row.kind === kind).sort((a, b) => new Date(b.createdAt).valueOf() - new Date(a.createdAt).valueOf());
}
