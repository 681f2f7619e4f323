/** `@latch/core/providers/line`, also at `@latch/express/providers/line` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/line";
export { default } from "@latch/core/providers/line";
