/** `@latch/core/providers/threads`, also at `@latch/sveltekit/providers/threads` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/threads";
export { default } from "@latch/core/providers/threads";
