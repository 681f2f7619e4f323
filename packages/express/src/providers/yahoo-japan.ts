/** `@latch/core/providers/yahoo-japan`, also at `@latch/express/providers/yahoo-japan` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/yahoo-japan";
export { default } from "@latch/core/providers/yahoo-japan";
