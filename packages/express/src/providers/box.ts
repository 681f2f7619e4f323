/** `@latch/core/providers/box`, also at `@latch/express/providers/box` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/box";
export { default } from "@latch/core/providers/box";
