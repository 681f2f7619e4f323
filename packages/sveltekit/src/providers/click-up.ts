/** `@latch/core/providers/click-up`, also at `@latch/sveltekit/providers/click-up` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/click-up";
export { default } from "@latch/core/providers/click-up";
