/** `@latch/core/providers/microsoft-entra-id`, also at `@latch/express/providers/microsoft-entra-id` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/microsoft-entra-id";
export { default } from "@latch/core/providers/microsoft-entra-id";
