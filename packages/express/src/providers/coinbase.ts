/** `@latch/core/providers/coinbase`, also at `@latch/express/providers/coinbase` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/coinbase";
export { default } from "@latch/core/providers/coinbase";
