/** `@latch/core/providers/intuit`, also at `@latch/express/providers/intuit` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/intuit";
export { default } from "@latch/core/providers/intuit";
