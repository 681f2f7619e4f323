/** `@latch/core/providers/authelia`, also at `@latch/sveltekit/providers/authelia` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/authelia";
export { default } from "@latch/core/providers/authelia";
