/** `@latch/core/providers/keycloak`, also at `@latch/express/providers/keycloak` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/keycloak";
export { default } from "@latch/core/providers/keycloak";
