/** `@latch/core/providers/yahoo-japan`, also at `@latch/sveltekit/providers/yahoo-japan` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/yahoo-japan";
export { default } from "@latch/core/providers/yahoo-japan";
