/** `@latch/core/providers/freshbooks`, also at `@latch/sveltekit/providers/freshbooks` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/freshbooks";
export { default } from "@latch/core/providers/freshbooks";
