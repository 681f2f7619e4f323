/** `@latch/core/providers/box`, also at `@latch/sveltekit/providers/box` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/box";
export { default } from "@latch/core/providers/box";
