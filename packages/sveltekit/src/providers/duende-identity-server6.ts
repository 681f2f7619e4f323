/** `@latch/core/providers/duende-identity-server6`, also at `@latch/sveltekit/providers/duende-identity-server6` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/duende-identity-server6";
export { default } from "@latch/core/providers/duende-identity-server6";
