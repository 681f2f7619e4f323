/** `@latch/core/providers/patreon`, also at `@latch/express/providers/patreon` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/patreon";
export { default } from "@latch/core/providers/patreon";
