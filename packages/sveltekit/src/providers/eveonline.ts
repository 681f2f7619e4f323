/** `@latch/core/providers/eveonline`, also at `@latch/sveltekit/providers/eveonline` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/eveonline";
export { default } from "@latch/core/providers/eveonline";
