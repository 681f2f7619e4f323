/** `@latch/core/providers/discord`, also at `@latch/sveltekit/providers/discord` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/discord";
export { default } from "@latch/core/providers/discord";
