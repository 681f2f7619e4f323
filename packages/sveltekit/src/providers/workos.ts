/** `@latch/core/providers/workos`, also at `@latch/sveltekit/providers/workos` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/workos";
export { default } from "@latch/core/providers/workos";
