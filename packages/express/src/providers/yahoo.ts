/** `@latch/core/providers/yahoo`, also at `@latch/express/providers/yahoo` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/yahoo";
export { default } from "@latch/core/providers/yahoo";
