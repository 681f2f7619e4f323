/** `@latch/core/providers/duende-identity-server6`, also at `@latch/express/providers/duende-identity-server6` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/duende-identity-server6";
export { default } from "@latch/core/providers/duende-identity-server6";
