/** `@latch/core/providers/bungie`, also at `@latch/sveltekit/providers/bungie` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/bungie";
export { default } from "@latch/core/providers/bungie";
