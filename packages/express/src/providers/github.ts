/** `@latch/core/providers/github`, also at `@latch/express/providers/github` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/github";
export { default } from "@latch/core/providers/github";
