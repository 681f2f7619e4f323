/** `@latch/core/providers/password`, also at `@latch/express/providers/password` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/password";
export { default } from "@latch/core/providers/password";
