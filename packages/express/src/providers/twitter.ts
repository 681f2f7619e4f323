/** `@latch/core/providers/twitter`, also at `@latch/express/providers/twitter` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/twitter";
export { default } from "@latch/core/providers/twitter";
