/** `@latch/core/providers/frontegg`, also at `@latch/sveltekit/providers/frontegg` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/frontegg";
export { default } from "@latch/core/providers/frontegg";
