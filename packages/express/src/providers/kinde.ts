/** `@latch/core/providers/kinde`, also at `@latch/express/providers/kinde` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/kinde";
export { default } from "@latch/core/providers/kinde";
