/** `@latch/core/providers/pipedrive`, also at `@latch/sveltekit/providers/pipedrive` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/pipedrive";
export { default } from "@latch/core/providers/pipedrive";
