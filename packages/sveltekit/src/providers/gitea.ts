/** `@latch/core/providers/gitea`, also at `@latch/sveltekit/providers/gitea` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/gitea";
export { default } from "@latch/core/providers/gitea";
