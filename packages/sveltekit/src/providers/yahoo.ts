/** `@latch/core/providers/yahoo`, also at `@latch/sveltekit/providers/yahoo` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/yahoo";
export { default } from "@latch/core/providers/yahoo";
