/** `@latch/core/providers/kinde`, also at `@latch/sveltekit/providers/kinde` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/kinde";
export { default } from "@latch/core/providers/kinde";
