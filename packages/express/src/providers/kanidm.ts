/** `@latch/core/providers/kanidm`, also at `@latch/express/providers/kanidm` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/kanidm";
export { default } from "@latch/core/providers/kanidm";
