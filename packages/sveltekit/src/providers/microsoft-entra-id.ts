/** `@latch/core/providers/microsoft-entra-id`, also at `@latch/sveltekit/providers/microsoft-entra-id` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/microsoft-entra-id";
export { default } from "@latch/core/providers/microsoft-entra-id";
