/** `@latch/core/providers/identity-server4`, also at `@latch/sveltekit/providers/identity-server4` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/identity-server4";
export { default } from "@latch/core/providers/identity-server4";
