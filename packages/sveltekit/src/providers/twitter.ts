/** `@latch/core/providers/twitter`, also at `@latch/sveltekit/providers/twitter` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/twitter";
export { default } from "@latch/core/providers/twitter";
