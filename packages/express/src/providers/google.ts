/** `@latch/core/providers/google`, also at `@latch/express/providers/google` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/google";
export { default } from "@latch/core/providers/google";
