/** `@latch/core/providers/hubspot`, also at `@latch/sveltekit/providers/hubspot` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/hubspot";
export { default } from "@latch/core/providers/hubspot";
