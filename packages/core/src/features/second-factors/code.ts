import type { Adapter, AdapterMethod } from "../../adapter.js";
import type { AuthError } from "../../errors.js";
import type { AuthContext } from "../../config/context.js";
import { secondFactorsCode } from "../../symbols.js";
import type { SecondFactorSettings } from "../../types/second-factor-options.js";

/** What `SecondFactors()` carries, with the loaders' module types. */
export interface SecondFactorsCode {
  readonly settings: SecondFactorSettings;
  check(adapter: Adapter | undefined, needs: Set<AdapterMethod>): AuthError | null;
  load(): Promise<typeof import("./endpoints.js")>;
  stepUp(): Promise<typeof import("./step-up.js")>;
  challenge(): Promise<typeof import("./challenge.js")>;
}

/** The carried code of the configured option, or `undefined` when second factors are off. */
export function secondFactorsOf(ctx: Pick<AuthContext, "secondFactor">): SecondFactorsCode | undefined {
  return ctx.secondFactor?.[secondFactorsCode] as SecondFactorsCode | undefined;
}
