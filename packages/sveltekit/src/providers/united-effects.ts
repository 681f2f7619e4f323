/** `@latch/core/providers/united-effects`, also at `@latch/sveltekit/providers/united-effects` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/united-effects";
export { default } from "@latch/core/providers/united-effects";
