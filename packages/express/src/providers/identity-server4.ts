/** `@latch/core/providers/identity-server4`, also at `@latch/express/providers/identity-server4` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/identity-server4";
export { default } from "@latch/core/providers/identity-server4";
