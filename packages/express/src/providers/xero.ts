/** `@latch/core/providers/xero`, also at `@latch/express/providers/xero` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/xero";
export { default } from "@latch/core/providers/xero";
