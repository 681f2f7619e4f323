/** `@latch/core/providers/medium`, also at `@latch/express/providers/medium` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/medium";
export { default } from "@latch/core/providers/medium";
