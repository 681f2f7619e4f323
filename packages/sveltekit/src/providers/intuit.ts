/** `@latch/core/providers/intuit`, also at `@latch/sveltekit/providers/intuit` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/intuit";
export { default } from "@latch/core/providers/intuit";
