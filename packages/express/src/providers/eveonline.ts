/** `@latch/core/providers/eveonline`, also at `@latch/express/providers/eveonline` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/eveonline";
export { default } from "@latch/core/providers/eveonline";
