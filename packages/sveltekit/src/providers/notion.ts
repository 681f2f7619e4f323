/** `@latch/core/providers/notion`, also at `@latch/sveltekit/providers/notion` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/notion";
export { default } from "@latch/core/providers/notion";
