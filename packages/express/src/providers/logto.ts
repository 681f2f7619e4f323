/** `@latch/core/providers/logto`, also at `@latch/express/providers/logto` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/logto";
export { default } from "@latch/core/providers/logto";
