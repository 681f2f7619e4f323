/** `@latch/core/providers/coinbase`, also at `@latch/sveltekit/providers/coinbase` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/coinbase";
export { default } from "@latch/core/providers/coinbase";
