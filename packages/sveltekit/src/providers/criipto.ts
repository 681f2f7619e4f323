/** `@latch/core/providers/criipto`, also at `@latch/sveltekit/providers/criipto` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/criipto";
export { default } from "@latch/core/providers/criipto";
