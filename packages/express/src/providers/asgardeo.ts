/** `@latch/core/providers/asgardeo`, also at `@latch/express/providers/asgardeo` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/asgardeo";
export { default } from "@latch/core/providers/asgardeo";
