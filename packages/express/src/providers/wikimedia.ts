/** `@latch/core/providers/wikimedia`, also at `@latch/express/providers/wikimedia` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/wikimedia";
export { default } from "@latch/core/providers/wikimedia";
