/** `@latch/core/providers/credentials`, also at `@latch/sveltekit/providers/credentials` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/credentials";
export { default } from "@latch/core/providers/credentials";
