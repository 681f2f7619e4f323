/** `@latch/core/providers/zoom`, also at `@latch/sveltekit/providers/zoom` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/zoom";
export { default } from "@latch/core/providers/zoom";
