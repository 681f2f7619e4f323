/** `@latch/core/providers/trakt`, also at `@latch/express/providers/trakt` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/trakt";
export { default } from "@latch/core/providers/trakt";
