/** `@latch/core/providers/faceit`, also at `@latch/sveltekit/providers/faceit` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/faceit";
export { default } from "@latch/core/providers/faceit";
