/**
 * The shapes of provider configurations, for the provider modules beside this one. They are
 * defined with the other public types (`types/providers.ts`), which the configuration types use.
 */
export type * from "../types/providers.js";
