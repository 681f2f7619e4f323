/** `@latch/core/providers/wordpress`, also at `@latch/sveltekit/providers/wordpress` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/wordpress";
export { default } from "@latch/core/providers/wordpress";
