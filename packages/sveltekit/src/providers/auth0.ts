/** `@latch/core/providers/auth0`, also at `@latch/sveltekit/providers/auth0` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/auth0";
export { default } from "@latch/core/providers/auth0";
