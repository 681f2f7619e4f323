/** `@latch/core/providers/amazon`, also at `@latch/express/providers/amazon` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/amazon";
export { default } from "@latch/core/providers/amazon";
