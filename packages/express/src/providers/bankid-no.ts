/** `@latch/core/providers/bankid-no`, also at `@latch/express/providers/bankid-no` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/bankid-no";
export { default } from "@latch/core/providers/bankid-no";
