/** `@latch/core/providers/pinterest`, also at `@latch/sveltekit/providers/pinterest` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/pinterest";
export { default } from "@latch/core/providers/pinterest";
