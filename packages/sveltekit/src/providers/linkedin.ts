/** `@latch/core/providers/linkedin`, also at `@latch/sveltekit/providers/linkedin` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/linkedin";
export { default } from "@latch/core/providers/linkedin";
