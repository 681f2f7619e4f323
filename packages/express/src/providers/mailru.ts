/** `@latch/core/providers/mailru`, also at `@latch/express/providers/mailru` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/mailru";
export { default } from "@latch/core/providers/mailru";
