/** `@latch/core/providers/zoho`, also at `@latch/sveltekit/providers/zoho` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/zoho";
export { default } from "@latch/core/providers/zoho";
