/** `@latch/core/providers/facebook`, also at `@latch/express/providers/facebook` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/facebook";
export { default } from "@latch/core/providers/facebook";
