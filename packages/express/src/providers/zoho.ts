/** `@latch/core/providers/zoho`, also at `@latch/express/providers/zoho` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/zoho";
export { default } from "@latch/core/providers/zoho";
