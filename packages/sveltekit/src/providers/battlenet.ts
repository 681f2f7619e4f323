/** `@latch/core/providers/battlenet`, also at `@latch/sveltekit/providers/battlenet` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/battlenet";
export { default } from "@latch/core/providers/battlenet";
