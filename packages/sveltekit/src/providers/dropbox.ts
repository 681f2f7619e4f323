/** `@latch/core/providers/dropbox`, also at `@latch/sveltekit/providers/dropbox` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/dropbox";
export { default } from "@latch/core/providers/dropbox";
