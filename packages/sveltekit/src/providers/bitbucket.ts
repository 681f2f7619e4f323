/** `@latch/core/providers/bitbucket`, also at `@latch/sveltekit/providers/bitbucket` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/bitbucket";
export { default } from "@latch/core/providers/bitbucket";
