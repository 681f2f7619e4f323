/** `@latch/core/providers/passage`, also at `@latch/sveltekit/providers/passage` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/passage";
export { default } from "@latch/core/providers/passage";
