/** `@latch/core/providers/42-school`, also at `@latch/express/providers/42-school` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/42-school";
export { default } from "@latch/core/providers/42-school";
