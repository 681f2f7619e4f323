/** `@latch/core/providers/forgejo`, also at `@latch/sveltekit/providers/forgejo` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/forgejo";
export { default } from "@latch/core/providers/forgejo";
