/** `@latch/core/providers/ory`, also at `@latch/sveltekit/providers/ory` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/ory";
export { default } from "@latch/core/providers/ory";
