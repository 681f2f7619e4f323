/** `@latch/core/providers/oauth`, also at `@latch/express/providers/oauth` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/oauth";
export { default } from "@latch/core/providers/oauth";
