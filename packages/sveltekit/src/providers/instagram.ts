/** `@latch/core/providers/instagram`, also at `@latch/sveltekit/providers/instagram` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/instagram";
export { default } from "@latch/core/providers/instagram";
