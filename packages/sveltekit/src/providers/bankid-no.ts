/** `@latch/core/providers/bankid-no`, also at `@latch/sveltekit/providers/bankid-no` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/bankid-no";
export { default } from "@latch/core/providers/bankid-no";
