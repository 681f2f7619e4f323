/** `@latch/core/providers/discord`, also at `@latch/express/providers/discord` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/discord";
export { default } from "@latch/core/providers/discord";
