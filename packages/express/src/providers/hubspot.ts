/** `@latch/core/providers/hubspot`, also at `@latch/express/providers/hubspot` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/hubspot";
export { default } from "@latch/core/providers/hubspot";
