/** `@latch/core/providers/spotify`, also at `@latch/express/providers/spotify` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/spotify";
export { default } from "@latch/core/providers/spotify";
