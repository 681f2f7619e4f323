/** `@latch/core/providers/netlify`, also at `@latch/sveltekit/providers/netlify` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/netlify";
export { default } from "@latch/core/providers/netlify";
