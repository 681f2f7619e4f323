/** `@latch/core/providers/signicat`, also at `@latch/sveltekit/providers/signicat` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/signicat";
export { default } from "@latch/core/providers/signicat";
