/** `@latch/core/providers/xero`, also at `@latch/sveltekit/providers/xero` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/xero";
export { default } from "@latch/core/providers/xero";
