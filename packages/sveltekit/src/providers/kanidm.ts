/** `@latch/core/providers/kanidm`, also at `@latch/sveltekit/providers/kanidm` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/kanidm";
export { default } from "@latch/core/providers/kanidm";
