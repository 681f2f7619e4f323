/** `@latch/core/providers/united-effects`, also at `@latch/express/providers/united-effects` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/united-effects";
export { default } from "@latch/core/providers/united-effects";
