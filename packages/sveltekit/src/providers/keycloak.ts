/** `@latch/core/providers/keycloak`, also at `@latch/sveltekit/providers/keycloak` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/keycloak";
export { default } from "@latch/core/providers/keycloak";
