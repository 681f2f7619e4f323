/** `@latch/core/providers/apple`, also at `@latch/express/providers/apple` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/apple";
export { default } from "@latch/core/providers/apple";
